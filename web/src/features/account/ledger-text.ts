import type { I18n, MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import type { CreditTransaction } from '@web/api/types';
import type { LedgerEntryReason, LedgerReason, LedgerReasonParams, PlanNames } from '@worker/contract/ledger-reasons';

/**
 * What a credit movement was, in the page's language. The server sends a reason code with typed
 * parameters (worker/contract/ledger-reasons.ts), never a sentence: each code has its message here,
 * and a new code fails to compile until it has one. Null means the type label says it all.
 */
type Say<R extends LedgerReason> = (i18n: I18n, params: LedgerReasonParams[R]) => string | null;

const plain =
  (message: MessageDescriptor): Say<LedgerReason> =>
  (i18n) =>
    i18n._(message);

/** A plan's name as it was bought, in the page's language (English when the page's is missing). */
const planName = (i18n: I18n, params: { planName?: PlanNames }) =>
  params.planName?.[i18n.locale as keyof PlanNames] ?? params.planName?.en ?? '';

const SAY = {
  // The type label already says "Welcome bonus".
  SIGN_UP_BONUS: () => null,
  REFERRAL_SIGN_UP: plain(msg`Invitation reward: a friend signed up`),
  REFERRAL_PURCHASE: (i18n, p) => {
    const percent = p.percent;
    return i18n._(msg`Invitation reward: ${percent}% of a friend's purchase`);
  },
  PACK_PURCHASE: (i18n, p) => {
    const plan = planName(i18n, p);
    const order = p.orderNumber;
    return i18n._(msg`Purchase: ${plan} (${order})`);
  },
  SUBSCRIPTION_CREDITS: (i18n, p) => {
    const plan = planName(i18n, p);
    const order = p.orderNumber;
    return p.cycle === 'yearly'
      ? i18n._(msg`Yearly subscription: ${plan} (${order})`)
      : i18n._(msg`Monthly subscription: ${plan} (${order})`);
  },
  SUBSCRIPTION_MONTH: (i18n, p) => {
    const month = p.month;
    const order = p.orderNumber;
    return i18n._(msg`Yearly subscription: credits for month ${month} of 12 (${order})`);
  },
  SUBSCRIPTION_LAPSED: plain(msg`Subscription ended: unused subscription credits lapsed`),
  ORDER_REFUND: (i18n, p) => {
    const order = p.orderNumber;
    return i18n._(msg`Refund of order ${order}`);
  },
  ORDER_REFUND_REVERSED: (i18n, p) => {
    const order = p.orderNumber;
    return i18n._(msg`Refund of order ${order} failed: credits restored`);
  },
  PAYMENT_HELD: (i18n, p) => {
    const order = p.orderNumber;
    return i18n._(msg`Payment held for support (${order})`);
  },
  // A batch of variations is paid in one movement that says how many images it bought.
  TEXT_TO_IMAGE: (i18n, p) => {
    const images = p.images;
    return images ? i18n._(msg`Text-to-image generation, ${images} images`) : i18n._(msg`Text-to-image generation`);
  },
  IMAGE_EDIT: (i18n, p) => {
    const images = p.images;
    return images ? i18n._(msg`Image editing, ${images} images`) : i18n._(msg`Image editing`);
  },
  PHOTO_TOOL: plain(msg`Photo tool`),
  IMAGE_UPSCALE: plain(msg`Image upscale`),
  GENERATION_REFUND: plain(msg`Refund for a failed generation`),
  SPEND_REFUND: plain(msg`Refund`),
  // The caller's own note, as they wrote it.
  API_CONSUME: (_i18n, p) => p.note ?? null,
  // A row from before reasons existed that no rule recognised: its old text, shown as it is.
  LEGACY: (_i18n, p) => p.text || null,
} satisfies { [R in LedgerReason]: Say<R> };

/** The description of one movement in `i18n`'s language, or null when the type label is enough. */
export function ledgerDescription(i18n: I18n, tx: LedgerEntryReason): string | null {
  const say = SAY[tx.reason] as Say<LedgerReason> | undefined;
  // A reason this build does not know yet (a newer server) shows the type label only.
  return say ? say(i18n, (tx.reasonParams ?? {}) as never) : null;
}

/** `ledgerDescription` bound to the page's language. */
export function useLedgerDescription(): (tx: CreditTransaction) => string | null {
  const { i18n } = useLingui();
  return (tx) => ledgerDescription(i18n, tx);
}
