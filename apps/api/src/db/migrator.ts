import type { Kysely } from 'kysely';
import { Migrator, type Migration, type MigrationProvider } from 'kysely/migration';
import { migrations } from './migrations';

// Migrations are listed statically (not read from the file system) so that they work the same
// under tsx, in tests and in any bundle.
const provider: MigrationProvider = {
  getMigrations: async () => migrations as Record<string, Migration>,
};

/** Runs every pending migration; throws with the failing migration's name. */
export async function migrateToLatest(db: Kysely<any>) {
  const migrator = new Migrator({ db, provider });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new Error(`Migrasi gagal${failed ? ` (${failed.migrationName})` : ''}: ${reason}`);
  }
  return results ?? [];
}
