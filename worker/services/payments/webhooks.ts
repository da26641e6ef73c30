import { schema } from '@db/client';
import { ServiceError } from '../../contract/errors';
import type { GatewayName } from '../../contract/payments';
import type { ServiceContext } from '../context';
import { settleHeldDuplicates } from './duplicates';
import { applyEffects } from './effects';
import { EffectNotReadyError } from './effects/context';
import { type GatewayEvent, WebhookVerificationError } from '../../adapters/payments/port';
import { say } from '../../contract/messages';

type Ctx = ServiceContext<'db' | 'payments' | 'clock' | 'log'>;

/**
 * One webhook delivery: verify on the raw body (nothing is written for a bad signature), then, in ONE
 * transaction, record the event id and apply its effects. A redelivery finds its id already recorded
 * and does nothing; a crash rolls back both, so the gateway's retry applies it once (DESIGN.md §5
 * invariants 5, 10). Concurrent duplicates serialise on the unique index.
 */
export async function handleWebhook(ctx: Ctx, gatewayName: GatewayName, rawBody: string, headers: Headers) {
  const gateway = ctx.payments.byName(gatewayName);
  if (!gateway) throw new ServiceError('NOT_FOUND', say('gatewayNotConfigured', { gateway: gatewayName }));
  let event: GatewayEvent;
  try {
    event = await gateway.parseWebhook(rawBody, headers);
  } catch (error) {
    if (error instanceof WebhookVerificationError) {
      ctx.log.warn('payments: webhook refused', { gateway: gatewayName, reason: error.message });
      throw new ServiceError('WEBHOOK_SIGNATURE_INVALID', 'webhookSignatureInvalid');
    }
    throw error;
  }
  const now = ctx.clock.now();
  let duplicate: boolean;
  const heldDuplicates = new Set<string>();
  try {
    duplicate = await ctx.db.transaction(async (tx) => {
      const recorded = await tx
        .insert(schema.processedWebhookEvents)
        .values({ gateway: gatewayName, eventId: event.id, eventType: event.type.slice(0, 100), processedAt: now })
        .onConflictDoNothing()
        .returning({ eventId: schema.processedWebhookEvents.eventId });
      if (recorded.length === 0) return true;
      await applyEffects({ tx, gateway: gatewayName, now, occurredAt: event.occurredAt, log: ctx.log, heldDuplicates }, event.effects);
      return false;
    });
  } catch (error) {
    if (!(error instanceof EffectNotReadyError)) throw error;
    // Rolled back, event id included: the gateway's redelivery applies it once its payment is known.
    ctx.log.info('payments: webhook deferred until its payment is known', {
      gateway: gatewayName,
      eventId: event.id,
      reason: error.message,
    });
    throw new ServiceError('SERVICE_UNAVAILABLE', 'webhookPaymentUnknown', {
      retryAfter: 60,
    });
  }
  // Gateways are called only after the commit: stop billing and refund a second subscription's payment.
  await settleHeldDuplicates(ctx, heldDuplicates);
  if (!duplicate && event.effects.length)
    ctx.log.info('payments: webhook applied', { gateway: gatewayName, eventId: event.id, type: event.type });
  return { received: true as const, duplicate };
}
