/**
 * Response bodies shared by every area: the one error body (DESIGN.md §3.2) and the small
 * acknowledgements. Response schemas are documentation and the handler's return type at once
 * (worker/http/openapi.ts); requests keep their schemas in worker/contract/<area>.ts.
 */
import * as z from 'zod';
import { ERROR_STATUS, type ApiErrorBody, type ErrorCode } from '../errors';
import { MESSAGES, type MessageId } from '../messages';

const ERROR_CODES = Object.keys(ERROR_STATUS) as [ErrorCode, ...ErrorCode[]];
const MESSAGE_IDS = Object.keys(MESSAGES) as [MessageId, ...MessageId[]];

export const errorBody = z
  .object({
    success: z.literal(false),
    error: z.object({
      code: z.enum(ERROR_CODES).describe('One of the closed list of error codes: what a client acts on'),
      id: z.enum(MESSAGE_IDS).describe('What to say, as a message id a client may say from its own catalogue'),
      params: z
        .record(z.string(), z.union([z.string(), z.number()]))
        .describe("The values the message names (numbers, field names, enumerated values; never the caller's own text)"),
      message: z.string().describe('The message in the language of Accept-Language, for a client without a catalogue'),
      field: z.string().optional().describe('The request field at fault'),
      retryAfter: z.number().int().optional().describe('Seconds until the action may be retried (also the Retry-After header)'),
    }),
    requestId: z.string().describe('Also the x-request-id header; quote it to support'),
  })
  .meta({ id: 'Error' });
errorBody satisfies z.ZodType<Required<ApiErrorBody>>;

/** `{ success: true }` and nothing else. */
export const okBody = z.object({ success: z.literal(true) }).meta({ id: 'Ok' });

/** `{ success: true, message }`: an acknowledgement with a human-readable note. */
export const okMessageBody = z.object({ success: z.literal(true), message: z.string() }).meta({ id: 'OkMessage' });

export const int = () => z.number().int();
/** Dates travel as ISO 8601 strings. */
export const isoDateTime = () => z.string().describe('ISO 8601 date-time');

/**
 * The list envelope's page fields (docs/decisions/065). Every list whose shape the spec leaves open
 * answers these plus its own `items` (`pageOf`); the showcase names its list `images`, as the spec
 * does (092); the orders list keeps the spec's shape (`OrdersPage`).
 */
export const pageEnvelope = z
  .object({
    success: z.literal(true),
    page: int().describe('This page, counted from 0'),
    size: int().describe('Items per page: the request’s `size` (the showcase’s `limit`)'),
    total: int().describe('Items on all pages'),
    totalPages: int().describe('ceil(total / size); 0 when there is nothing'),
  })
  .meta({
    id: 'Page',
    description:
      'The list envelope: `{ success: true, items: [...], page, size, total, totalPages }`, `page` counted from 0. ' +
      'Every list operation answers it (with its own `items`; the showcase’s list is `images`, the spec’s name), ' +
      'except the orders list, whose shape the spec fixes (`OrdersPage`).',
  });

/** One page of `item`: the list envelope with `items` typed, named `id` in the document. */
export const pageOf = <T extends z.ZodType>(item: T, id: string) => pageEnvelope.and(z.object({ items: z.array(item) })).meta({ id });

/** The description of an operation that answers the list envelope (`pageOf`). */
export const PAGED_LIST =
  'Answers the list envelope (`Page`): `items`, `page` counted from 0, `size`, `total` and `totalPages`. ' +
  'A page past the end has no items and the same total.';
