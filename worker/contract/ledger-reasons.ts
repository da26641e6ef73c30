/**
 * Why a credit movement happened, as a code and typed parameters (DESIGN.md §3 item 12): the ledger
 * stores no sentence, the SPA says each reason in the page's language from its Lingui catalogue.
 * The database enum `credit_ledger_reason` is built from this list, so a new reason fails to
 * compile until every `satisfies Record<LedgerReason, …>` table (the web's texts) has it.
 */
export const LEDGER_REASONS = [
  /** The welcome bonus of a new account. */
  'SIGN_UP_BONUS',
  /** A referrer's reward when the invited friend verified their e-mail. */
  'REFERRAL_SIGN_UP',
  /** A referrer's share of a friend's purchase. */
  'REFERRAL_PURCHASE',
  /** A credit pack bought. */
  'PACK_PURCHASE',
  /** A subscription's credits (monthly, or a yearly plan's first month). */
  'SUBSCRIPTION_CREDITS',
  /** A yearly subscription's credits for one later month. */
  'SUBSCRIPTION_MONTH',
  /** Unused subscription credits taken back when the subscription ended. */
  'SUBSCRIPTION_LAPSED',
  /** An order's credits taken back because the order was refunded. */
  'ORDER_REFUND',
  /** Credits given back because the gateway refused an order refund. */
  'ORDER_REFUND_REVERSED',
  /** An order's credits taken back because its payment did not match the order (held for support). */
  'PAYMENT_HELD',
  /** Debits of the paid image jobs, one per job kind. */
  'TEXT_TO_IMAGE',
  'IMAGE_EDIT',
  'PHOTO_TOOL',
  'IMAGE_UPSCALE',
  /** A failed or timed-out generation job's debit given back. */
  'GENERATION_REFUND',
  /** Any other spend given back. */
  'SPEND_REFUND',
  /** A spend through `POST /credits/consume`; the caller's own note travels as a parameter. */
  'API_CONSUME',
  /** A row written before reasons existed whose wording no rule recognised: its old text, shown as is. */
  'LEGACY',
] as const;
export type LedgerReason = (typeof LEDGER_REASONS)[number];

/** A plan's name as the pricing page said it when the order was made, in each language. */
export interface PlanNames {
  en: string;
  'zh-Hant': string;
}

/** The parameters each reason carries (all optional fields may be missing on migrated rows). */
export interface LedgerReasonParams {
  SIGN_UP_BONUS: Record<string, never>;
  REFERRAL_SIGN_UP: Record<string, never>;
  REFERRAL_PURCHASE: { percent: number };
  PACK_PURCHASE: { orderNumber: string; planId?: string; planName?: PlanNames };
  SUBSCRIPTION_CREDITS: { orderNumber: string; planId?: string; planName?: PlanNames; cycle: 'monthly' | 'yearly' };
  SUBSCRIPTION_MONTH: { orderNumber: string; month: number };
  SUBSCRIPTION_LAPSED: Record<string, never>;
  ORDER_REFUND: { orderNumber: string };
  ORDER_REFUND_REVERSED: { orderNumber: string };
  PAYMENT_HELD: { orderNumber: string };
  /** `images`: a batch of variations paid in one movement (absent for one image). */
  TEXT_TO_IMAGE: { images?: number };
  IMAGE_EDIT: { images?: number };
  PHOTO_TOOL: { toolId?: string };
  IMAGE_UPSCALE: Record<string, never>;
  GENERATION_REFUND: Record<string, never>;
  SPEND_REFUND: Record<string, never>;
  API_CONSUME: { note?: string };
  LEGACY: { text: string };
}

/** A reason with its parameters, as services write it and the API answers it. */
export type LedgerEntryReason = { [R in LedgerReason]: { reason: R; reasonParams: LedgerReasonParams[R] } }[LedgerReason];

/** The reason of a job kind's debit. */
export type JobLedgerReason = Extract<LedgerReason, 'TEXT_TO_IMAGE' | 'IMAGE_EDIT' | 'PHOTO_TOOL' | 'IMAGE_UPSCALE'>;
