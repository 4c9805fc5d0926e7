import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openPglite } from '../../apps/api/src/db/database';
import { pgliteTemplateKey } from '../../apps/api/src/test/test-db';

/**
 * A migrated, empty PGlite cluster on disk that a new server's DATA_DIR starts from (copied into
 * `DATA_DIR/db`), instead of an initdb and every migration at each of the ~30 server starts of the
 * browser tests. Empty: the server still creates its administrator and secret on its first start.
 * Named by the PGlite version and the migrations, so a new migration makes a new one.
 */
export const templateDbDir = () => path.join(os.tmpdir(), `mizan-e2e-db-${pgliteTemplateKey()}`, 'db');

/** Makes the template once (global-setup.ts); a folder that exists is whole (made aside, then renamed). */
export async function prepareDbTemplate() {
  const target = path.dirname(templateDbDir());
  if (fs.existsSync(templateDbDir())) return;
  const aside = `${target}.${process.pid}.${crypto.randomBytes(4).toString('hex')}`;
  const handle = await openPglite(aside);
  await handle.close();
  fs.rmSync(path.join(aside, 'db.lock'), { force: true });
  try {
    fs.renameSync(aside, target);
  } catch {
    // Another run made it meanwhile.
    fs.rmSync(aside, { recursive: true, force: true });
  }
}
