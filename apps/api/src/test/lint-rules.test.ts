/**
 * The shape rules of eslint.config.js fire (issue 30): each fixture is linted with the repository's
 * own configuration at the path it would have, and must be refused with the rule's message, while
 * its allowed twin passes. A rule that silently stopped matching (a renamed folder, a changed
 * pattern) fails here instead of letting the shape drift.
 */
import fs from 'node:fs';
import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../../../..');
const eslint = new ESLint({ cwd: root });

async function problems(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  return result!.messages.map((m) => `${m.ruleId}: ${m.message}`);
}

const cases: { rule: string; file: string; refused: string; allowed: string; says: RegExp }[] = [
  {
    rule: 'a module importing another module’s repository',
    file: 'apps/api/src/modules/pembayaran/pembayaran.service.ts',
    refused: "import { lockLoan } from '../pinjaman/pinjaman.repository';\nexport const f = lockLoan;\n",
    allowed: "import { lockLoan } from '../pinjaman/pinjaman.service';\nexport const f = lockLoan;\n",
    says: /only through its service/,
  },
  {
    rule: 'code outside the modules reading a module’s repository',
    file: 'apps/api/src/cli/example.ts',
    refused: "import { findUserByUsername } from '../modules/auth/auth.repository';\nexport const f = findUserByUsername;\n",
    allowed: "import { findUserByUsername } from '../modules/auth/auth.service';\nexport const f = findUserByUsername;\n",
    says: /only through its service/,
  },
  {
    rule: 'a query built in a service',
    file: 'apps/api/src/modules/nasabah/nasabah.service.ts',
    refused:
      "import type { Kysely } from 'kysely';\nimport type { DB } from '../../db/schema';\n" +
      "export const f = (db: Kysely<DB>) => db.selectFrom('nasabah').selectAll().execute();\n",
    allowed:
      "import type { Kysely } from 'kysely';\nimport type { DB } from '../../db/schema';\nimport * as repo from './nasabah.repository';\n" +
      'export const f = (db: Kysely<DB>, id: number) => repo.findNasabah(db, id);\n',
    says: /SQL belongs in the module's repository/,
  },
  {
    rule: 'raw SQL in a service',
    file: 'apps/api/src/modules/auth/auth.service.ts',
    refused: "import { sql } from 'kysely';\nexport const q = sql`select 1`;\n",
    allowed: "import { messages } from '@mizan/core';\nexport const q = messages.notFound.pengguna;\n",
    says: /SQL belongs in the module's repository/,
  },
  {
    rule: 'a query in a route or a plugin',
    file: 'apps/api/src/plugins/example.ts',
    refused:
      "import type { Kysely } from 'kysely';\nimport type { DB } from '../db/schema';\n" +
      "export const f = (db: Kysely<DB>) => db.selectFrom('sessions').selectAll().execute();\n",
    allowed:
      "import type { Kysely } from 'kysely';\nimport type { DB } from '../db/schema';\nimport { getProfile } from '../modules/auth/auth.service';\n" +
      'export const f = (db: Kysely<DB>, id: number) => getProfile(db, id);\n',
    says: /SQL belongs in the module's repository/,
  },
  {
    rule: 'a web feature importing another feature’s inside',
    file: 'apps/web/src/features/account/components/example.tsx',
    refused: "import { useAuth } from '../../auth/auth-provider';\nexport const f = useAuth;\n",
    allowed: "import { useAuth } from '../../auth';\nexport const f = useAuth;\n",
    says: /only through its public entry/,
  },
  {
    rule: 'a feature’s top-level file importing another feature’s inside',
    file: 'apps/web/src/features/nasabah/example.ts',
    refused: "import type { Pinjaman } from '../pinjaman/types';\nexport type T = Pinjaman;\n",
    allowed: "import type { Pinjaman } from '@mizan/core';\nexport type T = Pinjaman;\n",
    says: /only through its public entry/,
  },
  {
    rule: 'the money module importing a workflow above it (a cycle between modules, issue 47)',
    file: 'apps/api/src/modules/mutasi/mutasi.service.ts',
    refused: "import { createPembayaran } from '../pembayaran/pembayaran.service';\nexport const f = createPembayaran;\n",
    allowed: "import { getPendapatanSetting } from '../settings/settings.service';\nexport const f = getPendapatanSetting;\n",
    says: /only modules of a lower layer.*mutasi may not import/,
  },
  {
    rule: 'persetujuan importing the settlement workflow whose requests wait in it',
    file: 'apps/api/src/modules/persetujuan/persetujuan.handlers.ts',
    refused: "import { pelunasanDecision } from '../pelunasan/pelunasan.service';\nexport const f = pelunasanDecision;\n",
    allowed: "import { postLoanEvent } from '../mutasi/mutasi.service';\nexport const f = postLoanEvent;\n",
    says: /persetujuan may not import .*pelunasan/,
  },
  {
    rule: 'two modules of one layer importing each other',
    file: 'apps/api/src/modules/laporan/laporan.service.ts',
    refused: "import { getNasabah } from '../nasabah/nasabah.service';\nexport const f = getNasabah;\n",
    allowed: "import { recordActivity } from '../activities/activity.service';\nexport const f = recordActivity;\n",
    says: /laporan may not import .*nasabah/,
  },
];

// About the source, not the database: run once, in the PGlite project.
describe.skipIf(process.env.MIZAN_TEST_DB === 'postgres')('lint rules that keep one shape (eslint.config.js)', () => {
  it.each(cases)('refuses $rule, and lets its allowed twin pass', async ({ file, refused, allowed, says }) => {
    const bad = await problems(file, refused);
    expect(
      bad.some((p) => says.test(p)),
      bad.join('\n'),
    ).toBe(true);
    expect(await problems(file, allowed)).toEqual([]);
  });

  it('places every API module in exactly one layer (a module left out would escape the rule)', async () => {
    const { moduleLayers } = (await import(path.join(root, 'eslint.config.js'))) as { moduleLayers: string[][] };
    const folders = fs
      .readdirSync(path.join(root, 'apps/api/src/modules'), { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name)
      .sort();
    expect(moduleLayers.flat().sort()).toEqual(folders);
  });
});
