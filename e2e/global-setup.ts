import fs from 'node:fs';
import path from 'node:path';
import { execSync } from 'node:child_process';
import { buildIfNeeded } from '../scripts/build-if-needed.mjs';
import { chromiumPath } from './support/browser';
import { prepareDbTemplate } from './support/db-template';

/**
 * Once per e2e run: the browser must exist, and the web app and the API server are built if their
 * sources changed (the tests run the compiled server, as `npm start` does). With E2E_DIST_DIR set,
 * the web app is built into that folder instead (so that several people working in one checkout
 * do not overwrite each other's build while tests run).
 */
export default async function setup() {
  const executable = chromiumPath();
  if (!fs.existsSync(executable)) {
    throw new Error(
      `Chromium tidak ditemukan di ${executable}. Pasang dengan: apt-get install -y chromium (atau set CHROMIUM_PATH).`,
    );
  }
  fs.mkdirSync(path.resolve(import.meta.dirname, '../test-results/screens'), { recursive: true });
  const privateDist = process.env.E2E_DIST_DIR;
  if (privateDist) {
    execSync(`npx vite build --outDir ${JSON.stringify(path.resolve(privateDist))} --emptyOutDir --logLevel error`, {
      cwd: path.resolve(import.meta.dirname, '../apps/web'),
      stdio: 'inherit',
      env: { ...process.env, NODE_ENV: 'production' },
    });
  }
  await buildIfNeeded({ quiet: true, web: !privateDist });
  await prepareDbTemplate();
}
