// The Node.js lines mizan supports (docs/decisions/runtime.md): the same range as `engines` in
// package.json. npm only warns about `engines`, so the commands a person runs say it plainly too.
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');

/** True when `version` ("v22.12.0") is at least the `>=MAJOR.MINOR` of package.json's engines. */
export function supportsNode(version, range = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')).engines.node) {
  const [major, minor] = version.replace(/^v/, '').split('.').map(Number);
  const [, wantMajor, wantMinor] = /^>=(\d+)\.(\d+)/.exec(range) ?? [];
  return major > Number(wantMajor) || (major === Number(wantMajor) && minor >= Number(wantMinor));
}

/** Prints a warning (in Indonesian, as every message of the product) on an unsupported Node.js. */
export function checkNodeVersion() {
  if (supportsNode(process.version)) return;
  console.warn(
    `Peringatan: mizan mendukung Node.js 22 (≥ 22.12) dan 24; yang berjalan ${process.version}. ` +
      'Versi sebelum 22 tidak lagi mendapat perbaikan keamanan; pasang Node.js 22 atau 24.',
  );
}

// `node scripts/node-version.mjs`: exits 1 on an unsupported Node.js (used by .ci/run).
if (import.meta.url === `file://${process.argv[1]}`) process.exit(supportsNode(process.version) ? 0 : 1);
