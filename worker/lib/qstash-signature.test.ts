import { Receiver } from '@upstash/qstash';
import { describe, expect, it } from 'vitest';
import { signLikeQstash, verifyQstashSignature } from './qstash-signature';

const current = 'sig_current_0123456789abcdef';
const next = 'sig_next_0123456789abcdef';
const url = 'https://studio.example.com/api/jobs/run';
const body = JSON.stringify({ jobId: 'job_1' });

/** QStash's own Receiver (a dev dependency only): the verdict the Worker's verifier must agree with. */
const official = (signature: string, input: { body: string; url: string }) =>
  new Receiver({ currentSigningKey: current, nextSigningKey: next }).verify({ signature, ...input }).catch(() => false);
const ours = (signature: string, input: { body: string; url: string }) =>
  verifyQstashSignature({ signature, ...input, currentSigningKey: current, nextSigningKey: next });

describe('QStash signatures, checked without the QStash package', () => {
  it("agrees with QStash's Receiver on valid, rotated, tampered, misaddressed and expired signatures", async () => {
    const cases: [string, string, { body: string; url: string }][] = [
      ['current key', await signLikeQstash({ url, body, signingKey: current }), { body, url }],
      ['next key (rotation)', await signLikeQstash({ url, body, signingKey: next }), { body, url }],
      ['another key', await signLikeQstash({ url, body, signingKey: 'sig_someone_else_0123456789' }), { body, url }],
      ['body changed', await signLikeQstash({ url, body, signingKey: current }), { body: `${body} `, url }],
      ['another URL', await signLikeQstash({ url, body, signingKey: current }), { body, url: `${url}?x=1` }],
      ['expired', await signLikeQstash({ url, body, signingKey: current, now: new Date(Date.now() - 3600_000) }), { body, url }],
      ['not a JWT', 'not-a-jwt', { body, url }],
    ];
    const verdicts = [];
    for (const [name, signature, input] of cases) {
      verdicts.push({ name, ours: await ours(signature, input), official: await official(signature, input) });
    }
    for (const verdict of verdicts) expect(verdict.ours, verdict.name).toBe(verdict.official);
    expect(verdicts.map((v) => v.ours)).toEqual([true, true, false, false, false, false, false]);
  });
});
