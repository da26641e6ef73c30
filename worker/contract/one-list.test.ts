import { describe, expect, it } from 'vitest';
import { GATEWAYS, gatewayOfWebhookSlug, PAYMENT_GATEWAYS, WEBHOOK_SLUGS, type GatewayInfo, type PaymentGateway } from './gateways';
import { JOB_KIND_IDS } from './job-kinds';
import type { GenerationOperation, OperationTable } from './operations';
import { PHOTO_TOOL_IDS, TOOL_CATALOGUE, TOOL_IDS, TOOLS, type PhotoToolId, type ToolDefinition, type ToolId } from './tools';

/**
 * One list per concept (docs/decisions/028-one-list-per-concept.md): every table keyed by a list is
 * typed by it, so a member missing from a table is a compile error. The `@ts-expect-error` lines are
 * the proof — `tsc` fails on an unused one, so if a table stopped being checked, the typecheck would fail.
 */
describe('tables keyed by a list fail to compile while a member is missing', () => {
  it('the tool catalogue', () => {
    const { sketch: _dropped, ...withoutSketch } = TOOLS;
    // @ts-expect-error a per-tool table without 'sketch' does not compile
    const table: { [Id in ToolId]: ToolDefinition<Id> } = withoutSketch;
    expect(Object.keys(table)).not.toContain('sketch');
  });

  it("the engine's photo tools", () => {
    // @ts-expect-error a per-photo-tool table with only one tool does not compile
    const table: Record<PhotoToolId, string> = { sketch: 'pencil' };
    expect(Object.keys(table)).toEqual(['sketch']);
  });

  it('the gateways', () => {
    // @ts-expect-error a per-gateway table without the sandbox does not compile
    const table: Record<PaymentGateway, GatewayInfo> = { STRIPE: GATEWAYS.STRIPE, PAYPAL: GATEWAYS.PAYPAL };
    expect(Object.keys(table)).toHaveLength(2);
  });

  it('the operations', () => {
    // @ts-expect-error an operation table without 'avatar' (and the image ops) does not compile
    const table: OperationTable<GenerationOperation, string> = { 'text-to-image': (op) => op.prompt, logo: (op) => op.brief };
    expect(Object.keys(table)).toHaveLength(2);
  });
});

describe('the lists and what is derived from them agree', () => {
  it('has one catalogue entry per tool id, under its own id', () => {
    expect(TOOL_CATALOGUE.map((tool) => tool.id).sort()).toEqual([...TOOL_IDS].sort());
    for (const id of TOOL_IDS) expect(TOOLS[id].id).toBe(id);
  });

  it('runs every tool but the generative ones on the engine, and says so in the catalogue', () => {
    for (const id of TOOL_IDS) expect(TOOLS[id].engine === 'photo').toBe((PHOTO_TOOL_IDS as readonly string[]).includes(id));
  });

  it('maps every webhook slug back to its gateway and no other path segment', () => {
    expect(WEBHOOK_SLUGS.map(gatewayOfWebhookSlug)).toEqual([...PAYMENT_GATEWAYS]);
    expect(gatewayOfWebhookSlug('toString')).toBeUndefined();
    expect(new Set(JOB_KIND_IDS).size).toBe(JOB_KIND_IDS.length);
  });
});
