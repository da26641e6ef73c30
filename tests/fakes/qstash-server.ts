import { startRecorder } from './http-recorder';

/**
 * QStash's publish API (`POST /v2/publish/<destination URL>`), locally: checks the bearer token and
 * answers `{ messageId }` like the real service. Delivery is not simulated here: the in-process
 * queue and the signed callback tests cover the receiving side with the same signature scheme.
 */
export function startQstashFake(options: { token: string }) {
  let n = 0;
  return startRecorder((request) => {
    if (request.headers.authorization !== `Bearer ${options.token}`) return { status: 401, json: { error: 'invalid token' } };
    if (request.method !== 'POST' || !request.path.startsWith('/v2/publish/')) return { status: 404, json: { error: 'not found' } };
    return { status: 201, json: { messageId: `msg_fake_${++n}` } };
  });
}
