// `npm run dev`: the API (restarts on change) on API_PORT and Vite's dev server with hot reload on
// PORT, which proxies /api, /uploads and /sandbox to the API. One command, one Ctrl-C.
import { spawn } from 'node:child_process';

const webPort = process.env.PORT ?? '3000';
const apiPort = process.env.API_PORT ?? '3001';

const children = [
  spawn('npx', ['tsx', 'watch', '--clear-screen=false', 'src/server/main.ts'], {
    stdio: 'inherit',
    env: { ...process.env, PORT: apiPort, HOST: '127.0.0.1', NODE_ENV: 'development' },
  }),
  spawn('npx', ['vite', '--port', webPort, '--strictPort'], {
    stdio: 'inherit',
    env: { ...process.env, API_PORT: apiPort },
  }),
];

const stopAll = () => {
  for (const child of children) child.kill('SIGTERM');
};
for (const child of children) {
  child.on('exit', (code) => {
    stopAll();
    process.exitCode = code ?? 0;
  });
}
process.on('SIGINT', stopAll);
process.on('SIGTERM', stopAll);
