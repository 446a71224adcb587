// `npm run dev`: the API server (restarting on change) and Vite's hot-reloading dev server,
// which proxies /identity, /api and /dev to it. Ctrl-C stops both.
import { spawn } from 'node:child_process';

const port = process.env.PORT ?? '8080';
const children = [
  // TESSERA_DEV_OUTBOX: each signed-in developer reads their own mails at /dev/outbox.
  spawn('npx', ['tsx', 'watch', '--import', './scripts/importGlobHook.mjs', 'server/main.ts'], {
    stdio: 'inherit',
    env: { ...process.env, PORT: port, TESSERA_DEV_OUTBOX: '1' },
  }),
  spawn('npx', ['vite'], {
    stdio: 'inherit',
    env: { ...process.env, TESSERA_API: `http://localhost:${port}` },
  }),
];

const stop = () => children.forEach((child) => child.kill('SIGTERM'));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
children.forEach((child) => child.on('exit', (code) => code && stop()));
