import { afterAll, beforeAll, expect, it } from 'vitest';
import { startQstashFake } from '@tests/fakes/qstash-server';
import { createQstashQueue } from './qstash';

/** The production queue adapter (QStash's publish API over fetch) against a local fake of QStash's API. */
let fake: Awaited<ReturnType<typeof startQstashFake>>;
beforeAll(async () => {
  fake = await startQstashFake({ token: 'qstash-test-token' });
});
afterAll(() => fake.close());

it('publishes the job to the callback URL with its retries, and returns the message id', async () => {
  const queue = createQstashQueue({ token: 'qstash-test-token', baseUrl: fake.url, publicUrl: 'https://studio.example.com' });
  const result = await queue.publish({ path: '/api/jobs/run', body: { jobId: 'job_1' }, retries: 2, timeoutSeconds: 900 });
  expect(result.messageId).toBe('msg_fake_1');
  const [request] = fake.requests;
  expect(request).toMatchObject({ method: 'POST', path: '/v2/publish/https://studio.example.com/api/jobs/run' });
  expect(request!.headers['upstash-retries']).toBe('2');
  expect(request!.headers['upstash-timeout']).toBe('900s');
  expect(request!.headers['content-type']).toMatch(/application\/json/);
  expect(JSON.parse(request!.body)).toEqual({ jobId: 'job_1' });
});

it('hands QStash the engine flow-control key with its parallelism, and a delay for a job that waits', async () => {
  const queue = createQstashQueue({ token: 'qstash-test-token', baseUrl: fake.url, publicUrl: 'https://studio.example.com' });
  await queue.publish({
    path: '/api/jobs/run',
    body: { jobId: 'job_3' },
    delaySeconds: 12,
    flowControl: { key: 'image-engine', parallelism: 6 },
  });
  const request = fake.requests.at(-1)!;
  expect(request.headers['upstash-flow-control-key']).toBe('image-engine');
  expect(request.headers['upstash-flow-control-value']).toBe('parallelism=6');
  expect(request.headers['upstash-delay']).toBe('12s');
});

it('surfaces a refused publish as an error (the pipeline then fails and refunds the job)', async () => {
  const queue = createQstashQueue({ token: 'wrong', baseUrl: fake.url, publicUrl: 'https://studio.example.com' });
  await expect(queue.publish({ path: '/api/jobs/run', body: { jobId: 'job_2' } })).rejects.toThrow(/QStash refused the publish \(401\)/);
});
