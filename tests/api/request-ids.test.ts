import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../setup/test-app';

// One id per request, on every answer and every log line it causes, continuing the caller's trace.
let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await createTestApp();
  ({ token } = await t.signIn('request-ids@example.com'));
});
afterAll(() => t.close());

const TRACE_ID = '4bf92f3577b34da6a3ce929d0e0e4736';

describe('x-request-id', () => {
  it('is on stored files and shared images too, which their handlers answer with a Response of their own', async () => {
    const started = await (
      await t.request('/api/generate-image', {
        method: 'POST',
        token,
        json: { prompt: 'a lighthouse at dawn', style: 'realistic', width: 512, height: 512, model: 'nano' },
      })
    ).json();
    await t.drainJobs();
    const done = await (await t.request(`/api/generate-image/status/${started.id}`, { token })).json();
    const file = await t.request(done.imageUrl);
    expect(file.status).toBe(200);
    expect(file.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);

    const shared = await (
      await t.request(`/api/creation-records/${done.recordId}/share`, { method: 'PUT', token, json: { includePrompt: false } })
    ).json();
    const image = await t.request(`${new URL(shared.share.url).pathname}/image`);
    expect(image.status).toBe(200);
    expect(image.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });
});

describe('traceparent', () => {
  it('a valid one names the request by its trace id, and the answer continues the trace', async () => {
    const res = await t.request('/api/health', { headers: { traceparent: `00-${TRACE_ID}-00f067aa0ba902b7-01` } });
    expect(res.headers.get('x-request-id')).toBe(TRACE_ID);
    const answered = res.headers.get('traceparent')!.split('-');
    expect(answered).toHaveLength(4);
    expect(answered[0]).toBe('00');
    expect(answered[1]).toBe(TRACE_ID);
    expect(answered[2]).toMatch(/^[0-9a-f]{16}$/);
    expect(answered[2]).not.toBe('00f067aa0ba902b7');
    expect(answered[3]).toBe('01');
  });

  it.each([
    ['upper case', `00-${TRACE_ID.toUpperCase()}-00f067aa0ba902b7-01`],
    ['an all-zero trace id', `00-${'0'.repeat(32)}-00f067aa0ba902b7-01`],
    ['an all-zero parent id', `00-${TRACE_ID}-${'0'.repeat(16)}-01`],
    ['version ff', `ff-${TRACE_ID}-00f067aa0ba902b7-01`],
    ['a short trace id', `00-${TRACE_ID.slice(2)}-00f067aa0ba902b7-01`],
    ['trailing text', `00-${TRACE_ID}-00f067aa0ba902b7-01-x`],
    ['a space inside', `00-${TRACE_ID} -00f067aa0ba902b7-01`],
  ])('one with %s is ignored', async (_name, traceparent) => {
    const res = await t.request('/api/health', { headers: { traceparent } });
    expect(res.headers.get('x-request-id')).not.toBe(TRACE_ID);
    expect(res.headers.get('x-request-id')?.toLowerCase()).not.toContain(TRACE_ID);
    // A fresh trace, named by the request id's hex.
    const [, traceId] = res.headers.get('traceparent')!.split('-');
    expect(traceId).toBe(res.headers.get('x-request-id')!.replace(/-/g, ''));
  });
});

describe('domain logs', () => {
  it('carry the id of the request that caused them', async () => {
    const info = vi.spyOn(t.deps.log, 'info');
    const registered = await (
      await t.request('/api/auth/register', {
        method: 'POST',
        json: { name: 'Logged', email: 'logged@example.com', password: 'password-123' },
      })
    ).json();
    const verified = await t.request('/api/auth/email-verification/verify', {
      method: 'POST',
      token: registered.token,
      json: { verificationCode: t.latestCode('logged@example.com') },
      headers: { traceparent: `00-${TRACE_ID}-00f067aa0ba902b7-00` },
    });
    expect(verified.status).toBe(200);
    expect(info).toHaveBeenCalledWith('email verified', expect.objectContaining({ requestId: TRACE_ID }));
    info.mockRestore();
  });
});
