import type { CreditTransaction } from '../../../../worker/contract/credits';

/**
 * What a credit movement was, in the page's language. The server stores an English description
 * per ledger row (e.g. "Welcome bonus for new users", "Refund of order ORD…"); rather than change
 * stored data, the client recognises the server's wordings — with their parameters (order number,
 * plan, month, percentage) — and says them in the user's language. An unknown wording falls back to
 * the type label, never to English under zh-Hant. ledger-text.test.ts pins each server wording.
 */
export type LedgerText =
  | { kind: 'welcome' }
  | { kind: 'invite-signup' }
  | { kind: 'invite-purchase'; percent: string }
  | { kind: 'refund-order'; order: string }
  | { kind: 'refund-order-failed'; order: string }
  | { kind: 'yearly-month'; month: string; order: string }
  | { kind: 'purchase'; plan: string; order: string }
  | { kind: 'subscription'; plan: string; cycle: string; order: string }
  | { kind: 'subscription-ended' }
  | { kind: 'text-to-image' }
  | { kind: 'image-edit' }
  | { kind: 'photo-tool' }
  | { kind: 'upscale' }
  | { kind: 'generation-refund' }
  | { kind: 'refund' }
  | { kind: 'unknown' };

const PATTERNS: [RegExp, (m: RegExpMatchArray) => LedgerText][] = [
  [/^Welcome bonus for new users$/, () => ({ kind: 'welcome' })],
  [/^Invitation reward: a friend signed up$/, () => ({ kind: 'invite-signup' })],
  [/^Invitation reward: (\d+(?:\.\d+)?)% of a friend's purchase$/, (m) => ({ kind: 'invite-purchase', percent: m[1]! })],
  [/^Refund of order (\S+) failed: credits restored$/, (m) => ({ kind: 'refund-order-failed', order: m[1]! })],
  [/^Refund of order (\S+)$/, (m) => ({ kind: 'refund-order', order: m[1]! })],
  [/^Yearly subscription: credits for month (\d+) of 12 \((\S+)\)$/, (m) => ({ kind: 'yearly-month', month: m[1]!, order: m[2]! })],
  [/^Purchase: (.+) \((\S+)\)$/, (m) => ({ kind: 'purchase', plan: m[1]!, order: m[2]! })],
  [/^Subscription: (.+) (monthly|yearly) \((\S+)\)$/, (m) => ({ kind: 'subscription', plan: m[1]!, cycle: m[2]!, order: m[3]! })],
  [/^Subscription ended: unused subscription credits lapsed$/, () => ({ kind: 'subscription-ended' })],
  [/^Text-to-image generation$/, () => ({ kind: 'text-to-image' })],
  [/^Image editing$/, () => ({ kind: 'image-edit' })],
  [/^Photo tool$/, () => ({ kind: 'photo-tool' })],
  [/^Image upscale$/, () => ({ kind: 'upscale' })],
  [/^Refund for a failed generation$/, () => ({ kind: 'generation-refund' })],
  [/^Refund$/, () => ({ kind: 'refund' })],
];

export function ledgerText(tx: Pick<CreditTransaction, 'description' | 'type'>): LedgerText {
  const description = tx.description?.trim() ?? '';
  for (const [pattern, make] of PATTERNS) {
    const m = description.match(pattern);
    if (m) return make(m);
  }
  // A welcome bonus row with another wording is still the welcome bonus.
  if (tx.type === 'new_user') return { kind: 'welcome' };
  return { kind: 'unknown' };
}
