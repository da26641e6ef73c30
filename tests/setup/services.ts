import { connect } from 'node:net';

/**
 * Integration tests against local stand-ins (PostgreSQL, Redis): skipped with a note when the
 * service is missing on a developer's machine, but REQUIRED under CI=true, where a silent skip
 * would hide an adapter that no longer works.
 */
export async function serviceReachable(name: string, host: string, port: number): Promise<boolean> {
  const up = await new Promise<boolean>((resolve) => {
    const socket = connect({ host, port, timeout: 1000 }, () => {
      socket.end();
      resolve(true);
    });
    socket.on('error', () => resolve(false));
    socket.on('timeout', () => {
      socket.destroy();
      resolve(false);
    });
  });
  if (!up && process.env.CI === 'true') throw new Error(`${name} at ${host}:${port} is required under CI=true`);
  if (!up) console.warn(`skipping ${name} integration tests: nothing listens on ${host}:${port}`);
  return up;
}
