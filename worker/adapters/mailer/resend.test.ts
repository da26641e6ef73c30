import { afterAll, beforeAll, expect, it } from 'vitest';
import { startResendFake } from '@tests/fakes/resend-server';
import { createResendMailer } from './resend';

/** The production mailer against a local fake of Resend's API. */
let fake: Awaited<ReturnType<typeof startResendFake>>;
beforeAll(async () => {
  fake = await startResendFake({ apiKey: 're_test_key' });
});
afterAll(() => fake.close());

it('sends one POST /emails with the key, sender, recipient and both bodies', async () => {
  const mailer = createResendMailer({ apiKey: 're_test_key', from: 'Studio <no-reply@studio.example.com>', baseUrl: fake.url });
  await mailer.send({ to: 'ada@example.com', subject: 'Your code', text: 'Code 123456', html: '<p>Code 123456</p>' });
  const [request] = fake.requests;
  expect(request).toMatchObject({ method: 'POST', path: '/emails' });
  expect(request!.headers.authorization).toBe('Bearer re_test_key');
  expect(JSON.parse(request!.body)).toEqual({
    from: 'Studio <no-reply@studio.example.com>',
    to: ['ada@example.com'],
    subject: 'Your code',
    text: 'Code 123456',
    html: '<p>Code 123456</p>',
  });
});

it('throws with Resend’s reason when it refuses', async () => {
  const wrongKey = createResendMailer({ apiKey: 'nope', from: 'Studio <no-reply@studio.example.com>', baseUrl: fake.url });
  await expect(wrongKey.send({ to: 'ada@example.com', subject: 's', text: 't' })).rejects.toThrow(/401.*API key is invalid/);
  const badSender = createResendMailer({ apiKey: 're_test_key', from: 'nobody', baseUrl: fake.url });
  await expect(badSender.send({ to: 'ada@example.com', subject: 's', text: 't' })).rejects.toThrow(/422.*required/);
});
