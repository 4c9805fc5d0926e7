// `npm run dev`: the API in watch mode on PORT (default 3000) and Vite's dev server with hot reload,
// which proxies /api and /uploads to it.
import path from 'node:path';
import { spawn } from 'node:child_process';

const root = path.resolve(import.meta.dirname, '..');
const bin = (name) => path.join(root, 'node_modules/.bin', name);
const env = { ...process.env, NODE_ENV: process.env.NODE_ENV ?? 'development' };
const children = [
  spawn(bin('tsx'), ['watch', path.join(root, 'apps/api/src/server.ts')], { stdio: 'inherit', env, cwd: root }),
  spawn(bin('vite'), [], {
    stdio: 'inherit',
    env: { ...env, MIZAN_API_URL: `http://127.0.0.1:${env.PORT ?? 3000}` },
    cwd: path.join(root, 'apps/web'),
  }),
];
const stop = () => children.forEach((c) => c.kill('SIGTERM'));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
children.forEach((c) =>
  c.on('exit', (code) => {
    stop();
    process.exitCode = code ?? 0;
  }),
);
