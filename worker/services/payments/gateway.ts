/**
 * The payments port (DESIGN.md §1): Stripe, PayPal and the sandbox gateway behind one interface.
 * Filled in by the payments work (issue 5).
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface PaymentGateways {}
