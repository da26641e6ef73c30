import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Events, OAuth2Server } from 'oauth2-mock-server';
import type { TestProject } from 'vitest/node';

/**
 * Starts the product exactly as the README's `npm start` does (fresh data directory, fresh build),
 * with Google sign-in pointed at a local OIDC server, and hands both to the tests.
 */
let server: ChildProcess | undefined;
let dataDir: string | undefined;
let oidc: OAuth2Server | undefined;

const GOOGLE_CLIENT_ID = 'e2e-client.apps.googleusercontent.com';
/** The Google account the local OIDC server signs everyone in as (its `/authorize` asks nothing). */
const GOOGLE_USER = { email: 'grace.google@example.com', name: 'Grace Google' };

/** A local stand-in for Google: authorization-code flow with PKCE, ID tokens signed with a real key. */
async function startOidc() {
  oidc = new OAuth2Server();
  await oidc.issuer.keys.generate('RS256');
  await oidc.start(0, '127.0.0.1');
  const issuer = oidc.issuer.url!;
  // The claims Google puts in its ID token; the server checks issuer, audience and email_verified.
  oidc.service.on(Events.BeforeTokenSigning, (token) => {
    Object.assign(token.payload, {
      iss: issuer,
      aud: GOOGLE_CLIENT_ID,
      email: GOOGLE_USER.email,
      email_verified: true,
      name: GOOGLE_USER.name,
    });
  });
  return {
    GOOGLE_CLIENT_ID,
    GOOGLE_CLIENT_SECRET: 'e2e-google-secret',
    GOOGLE_ISSUER: issuer,
    GOOGLE_AUTH_URL: `${issuer}/authorize`,
    GOOGLE_TOKEN_URL: `${issuer}/token`,
    GOOGLE_JWKS_URL: `${issuer}/jwks`,
  };
}

/** A port nobody listens on: shards start their servers at the same moment, so no random pick. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

export async function setup(project: TestProject) {
  const google = await startOidc();
  dataDir = mkdtempSync(join(tmpdir(), 'studio-e2e-'));
  const port = String(await freePort());
  const baseUrl = `http://127.0.0.1:${port}`;
  server = spawn('npx', ['tsx', 'scripts/start.ts'], {
    // TRUST_PROXY: each browser context is its own visitor (browser.ts, VISITOR_IP_HEADER), so per-IP
    // limits count per test instead of one budget for the whole suite. PASSWORD_KDF_LOG_N: the test
    // suites' cheap scrypt cost, as in tests/setup/test-app.ts; passwords.test.ts covers production's.
    env: {
      ...process.env,
      ...google,
      PORT: port,
      DATA_DIR: dataDir,
      PUBLIC_URL: baseUrl,
      APP_ENV: 'test',
      TRUST_PROXY: 'x-real-ip',
      PASSWORD_KDF_LOG_N: '4',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
    detached: true,
  });
  let output = '';
  server.stdout!.on('data', (chunk) => (output += String(chunk)));
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (server.exitCode !== null) throw new Error(`npm start exited with ${server.exitCode}:\n${output}`);
    try {
      if ((await fetch(`${baseUrl}/api/health`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`server did not start:\n${output}`);
    await new Promise((r) => setTimeout(r, 250));
  }
  project.provide('baseUrl', baseUrl);
  project.provide('googleUser', GOOGLE_USER);
}

export async function teardown() {
  if (server?.pid) process.kill(-server.pid, 'SIGTERM');
  await new Promise((r) => setTimeout(r, 500));
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  await oidc?.stop();
}

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    /** Who the local OIDC server signs in as "Google". */
    googleUser: { email: string; name: string };
  }
}
