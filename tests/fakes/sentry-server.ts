import { startRecorder } from './http-recorder';

/** A Sentry ingestion endpoint (`POST /api/<project>/envelope/`): records envelopes, checks the key. */
export function startSentryFake(options: { publicKey: string }) {
  return startRecorder((request) => {
    const auth = String(request.headers['x-sentry-auth'] ?? '');
    if (!auth.includes(`sentry_key=${options.publicKey}`)) return { status: 401, json: { detail: 'bad key' } };
    if (!/^\/api\/\d+\/envelope\/$/.test(request.path)) return { status: 404, json: { detail: 'not found' } };
    const [, , event] = request.body.split('\n');
    return { status: 200, json: { id: JSON.parse(event!).event_id } };
  });
}

export const envelopeEvent = (body: string) => JSON.parse(body.split('\n')[2]!);
