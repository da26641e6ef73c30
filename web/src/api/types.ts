import type { components } from './schema.gen';

/**
 * The SPA's names for the API's answers: each is the component the OpenAPI document describes
 * (schema.gen.ts, generated from the routes' response schemas), so a field the server changes is a
 * compile error here, never a hand-kept copy that drifts. Types only: nothing of zod reaches the bundle.
 */
type Schemas = components['schemas'];

export type AccountOverview = Schemas['AccountOverview'];
export type CreditBalance = Schemas['CreditBalance'];
export type CreditTransaction = Schemas['CreditTransaction'];
export type DataExportInfo = Schemas['DataExport'];
export type DeletionPreview = Schemas['DeletionPreview'];
export type GenerationStatus = Schemas['GenerationStatus'];
export type OrderItem = Schemas['Order'];
export type PaymentStatusResponse = Schemas['PaymentStatus'];
export type QueuePlace = Schemas['QueuePlace'];
export type RefundCheckResponse = Schemas['RefundCheck'];
export type ShowcaseImage = Schemas['ShowcasePage']['images'][number];
/** What every sign-in answers: the token, the user and whether it linked an inviter. */
export type SignInResponse = Schemas['SignIn'];
export type SubscriptionInfo = Schemas['Subscription'];
export type UpscaleOptions = Schemas['UpscaleOptions'];
export type UpscaleStarted = Schemas['UpscaleStarted'];
export type UpscaleStatus = Schemas['UpscaleStatus'];
export type UserProfile = Schemas['UserProfile'];
