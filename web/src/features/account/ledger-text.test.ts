import { readFileSync } from 'node:fs';
import { setupI18n } from '@lingui/core';
import { describe, expect, it, vi } from 'vitest';
import { zhTranslation } from '@web/locales/zh-hant-catalogue.test-support';
import type { LedgerEntryReason } from '@worker/contract/ledger-reasons';
import { ledgerDescription } from './ledger-text';

// Vitest runs without the Lingui compiler: `msg` becomes a plain descriptor whose English message is
// what an i18n without catalogue says. The zh-Hant side is checked against the catalogue below.
vi.mock('@lingui/core/macro', () => ({
  msg: (strings: TemplateStringsArray, ...values: unknown[]) => ({
    message: strings.reduce((out, part, i) => out + (i > 0 ? `{${i - 1}}` : '') + part, ''),
    values: Object.fromEntries(values.map((value, i) => [i, value])),
  }),
}));

const english = setupI18n({ locale: 'en', messages: { en: {} } });
const chinese = setupI18n({ locale: 'zh-Hant', messages: { 'zh-Hant': {} } });

/** Each reason code the server writes (worker/contract/ledger-reasons.ts) and how it reads in English. */
describe('ledgerDescription', () => {
  const planName = { en: 'Starter Pack', 'zh-Hant': '入門包' };
  const cases: [LedgerEntryReason, string | null][] = [
    [{ reason: 'SIGN_UP_BONUS', reasonParams: {} }, null],
    [{ reason: 'REFERRAL_SIGN_UP', reasonParams: {} }, 'Invitation reward: a friend signed up'],
    [{ reason: 'REFERRAL_PURCHASE', reasonParams: { percent: 10 } }, "Invitation reward: 10% of a friend's purchase"],
    [{ reason: 'PACK_PURCHASE', reasonParams: { orderNumber: 'ORD2', planId: 'pack_s', planName } }, 'Purchase: Starter Pack (ORD2)'],
    [
      { reason: 'SUBSCRIPTION_CREDITS', reasonParams: { orderNumber: 'ORD3', planName, cycle: 'monthly' } },
      'Monthly subscription: Starter Pack (ORD3)',
    ],
    [
      { reason: 'SUBSCRIPTION_CREDITS', reasonParams: { orderNumber: 'ORD4', planName, cycle: 'yearly' } },
      'Yearly subscription: Starter Pack (ORD4)',
    ],
    [
      { reason: 'SUBSCRIPTION_MONTH', reasonParams: { orderNumber: 'ORD9', month: 3 } },
      'Yearly subscription: credits for month 3 of 12 (ORD9)',
    ],
    [{ reason: 'SUBSCRIPTION_LAPSED', reasonParams: {} }, 'Subscription ended: unused subscription credits lapsed'],
    [{ reason: 'ORDER_REFUND', reasonParams: { orderNumber: 'ORD1' } }, 'Refund of order ORD1'],
    [{ reason: 'ORDER_REFUND_REVERSED', reasonParams: { orderNumber: 'ORD1' } }, 'Refund of order ORD1 failed: credits restored'],
    [{ reason: 'PAYMENT_HELD', reasonParams: { orderNumber: 'ORD1' } }, 'Payment held for support (ORD1)'],
    [{ reason: 'TEXT_TO_IMAGE', reasonParams: {} }, 'Text-to-image generation'],
    [{ reason: 'IMAGE_EDIT', reasonParams: {} }, 'Image editing'],
    [{ reason: 'TEXT_TO_IMAGE', reasonParams: { images: 4 } }, 'Text-to-image generation, 4 images'],
    [{ reason: 'PHOTO_TOOL', reasonParams: {} }, 'Photo tool'],
    [{ reason: 'IMAGE_UPSCALE', reasonParams: {} }, 'Image upscale'],
    [{ reason: 'GENERATION_REFUND', reasonParams: {} }, 'Refund for a failed generation'],
    [{ reason: 'SPEND_REFUND', reasonParams: {} }, 'Refund'],
    [{ reason: 'API_CONSUME', reasonParams: { note: 'batch 7' } }, 'batch 7'],
    [{ reason: 'API_CONSUME', reasonParams: {} }, null],
    [{ reason: 'LEGACY', reasonParams: { text: 'old words' } }, 'old words'],
  ];
  it.each(cases)('%o', (tx, expected) => expect(ledgerDescription(english, tx)).toBe(expected));

  it('says the plan by the name it had in the page language when bought', () => {
    const tx: LedgerEntryReason = { reason: 'PACK_PURCHASE', reasonParams: { orderNumber: 'ORD2', planName } };
    expect(ledgerDescription(chinese, tx)).toBe('Purchase: 入門包 (ORD2)');
  });

  it('a reason this build does not know shows the type label only', () =>
    expect(ledgerDescription(english, { reason: 'FUTURE_REASON', reasonParams: {} } as never)).toBeNull());

  it('every message has a Traditional Chinese translation', () => {
    const source = readFileSync(new URL('./ledger-text.ts', import.meta.url), 'utf8');
    const messages = [...source.matchAll(/msg`([^`]*)`/g)].map((m) => m[1]!.replace(/\$\{(\w+)\}/g, '{$1}'));
    expect(messages.length).toBeGreaterThan(10);
    for (const message of messages) {
      expect(zhTranslation(message), message).toBeTruthy();
    }
  });
});
