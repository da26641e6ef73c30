import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../api/client';
import { FIRST_POLL, nextPaymentPoll, PAYMENT_POLL, type PaymentPoll, type PollAnswer } from './payment-poll';

vi.mock('../../i18n', () => ({ i18n: { locale: 'en' } }));

const fold = (answers: PollAnswer[]): PaymentPoll => answers.reduce(nextPaymentPoll, FIRST_POLL);
const ok = (status: string, extra: Record<string, unknown> = {}): PollAnswer => ({ ok: { success: true, status, ...extra } as never });

describe('nextPaymentPoll (spec §4 mapping, §8 poller errors)', () => {
  it('keeps processing on PENDING, and ends in success once credits were added', () => {
    expect(fold([ok('PENDING')]).ending).toBeNull();
    const paid = fold([ok('PENDING'), ok('PAID', { creditsAdded: 120 })]);
    expect(paid).toMatchObject({ ending: 'success', credits: 120, polls: 2 });
  });

  it('says the payment is confirmed while the credits are still on their way', () => {
    expect(fold([ok('PAID')])).toMatchObject({ ending: null, message: { code: 'confirmed' } });
  });

  it('maps FAILED, EXPIRED, REFUNDED and a held payment to their endings', () => {
    expect(fold([ok('FAILED')]).ending).toBe('error');
    expect(fold([ok('EXPIRED')]).ending).toBe('expired');
    expect(fold([ok('REFUNDED', { message: 'Sent back' })])).toMatchObject({ ending: 'refunded', message: { server: 'Sent back' } });
    expect(fold([ok('PAID', { needsSupport: true, message: 'Held' })]).ending).toBe('held');
  });

  it('counts failures across polls: three 404s, five 5xx, three malformed answers end it', () => {
    const notFound: PollAnswer = { failed: new ApiError(404, 'NOT_FOUND', 'no') };
    expect(fold([notFound, notFound]).ending).toBeNull();
    expect(fold([notFound, ok('PENDING'), notFound, notFound])).toMatchObject({ ending: 'error', message: { code: 'not-found' } });
    const server: PollAnswer = { failed: new ApiError(500, 'INTERNAL', 'boom') };
    expect(fold(Array(4).fill(server))).toMatchObject({ ending: null, message: { code: 'server-retrying' } });
    expect(fold(Array(5).fill(server))).toMatchObject({ ending: 'error', message: { code: 'server-error' } });
    expect(fold(Array(3).fill({ ok: null })).ending).toBe('error');
  });

  it('a 401 asks to sign in; running out of polls is a timeout, not a failure', () => {
    expect(fold([{ failed: new ApiError(401, 'UNAUTHENTICATED', 'no') }]).ending).toBe('signed_out');
    const many = fold(Array(PAYMENT_POLL.attempts).fill(ok('PENDING')));
    expect(many).toMatchObject({ ending: 'processing_timeout', message: { code: 'timeout' } });
  });
});
