import { startRecorder } from './http-recorder';

/** Resend's `POST /emails`, locally: checks the API key and the required fields, answers `{ id }` or a 422 like Resend. */
export function startResendFake(options: { apiKey: string }) {
  let n = 0;
  return startRecorder((request) => {
    if (request.headers.authorization !== `Bearer ${options.apiKey}`)
      return { status: 401, json: { name: 'missing_api_key', message: 'API key is invalid' } };
    if (request.method !== 'POST' || request.path !== '/emails') return { status: 404, json: { name: 'not_found' } };
    const email = JSON.parse(request.body) as { from?: string; to?: string[]; subject?: string };
    if (!email.to?.length || !email.subject || !email.from?.includes('@')) {
      return { status: 422, json: { name: 'validation_error', message: 'The `to`, `from` and `subject` fields are required' } };
    }
    return { status: 200, json: { id: `email_fake_${++n}` } };
  });
}
