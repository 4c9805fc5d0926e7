import fs from 'node:fs';
import { buildIfNeeded } from '../scripts/build-if-needed.mjs';
import { chromiumPath } from './support/browser';

/** Once per e2e run: the browser must exist, and the web app is built if its sources changed. */
export default function setup() {
  const executable = chromiumPath();
  if (!fs.existsSync(executable)) {
    throw new Error(`Chromium tidak ditemukan di ${executable}. Pasang dengan: apt-get install -y chromium (atau set CHROMIUM_PATH).`);
  }
  buildIfNeeded({ quiet: true });
}
