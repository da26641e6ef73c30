/**
 * `npm run dev`: the API (embedded defaults, restarted by tsx watch on change) on :8787 and Vite with
 * HMR on :5173, which proxies /api to it. Open http://localhost:5173.
 */
import { spawn } from 'node:child_process';

const children = [
  spawn('npx', ['tsx', 'watch', '--clear-screen=false', 'scripts/start.ts', '--api-only'], { stdio: 'inherit' }),
  spawn('npx', ['vite', '--port', '5173'], { stdio: 'inherit' }),
];
const stop = () => {
  for (const child of children) child.kill('SIGTERM');
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const child of children) child.on('exit', (code) => code && stop());
