// `npm run migrate`: applies every pending migration to the configured database and exits.
import { ConfigError, loadConfig } from '../config';
import { openDatabase } from '../app';

try {
  const config = loadConfig();
  const handle = await openDatabase(config); // opening migrates
  console.log(`Database ${handle.kind} sudah pada migrasi terbaru.`);
  await handle.close();
} catch (error) {
  console.error(error instanceof ConfigError ? error.message : `Migrasi gagal: ${(error as Error).message}`);
  process.exit(1);
}
