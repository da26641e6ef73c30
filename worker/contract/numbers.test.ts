import { decodeMessage, renderMessage } from './messages';
import { describe, expect, it } from 'vitest';
import * as z from 'zod';
import { consumeQuery } from './credits';
import { editRequest, textToImageRequest } from './generation';
import { decimalNumber, oneOfNumbers, wholeNumber } from './numbers';
import { upscaleRequest } from './upscale';

/** Spellings `Number()` and `z.coerce` read as numbers that the API must not. */
const LOOSE = [
  '0x10',
  '0X8',
  '0o7',
  '0b1',
  '1e3',
  '1E2',
  ' 7',
  '7 ',
  ' 8 ',
  '08',
  '007',
  '+8',
  '-8',
  '-0',
  '8.0',
  '8.',
  '.5',
  '1_000',
  '',
  'NaN',
  'Infinity',
  '٣',
  '８',
];

describe('wholeNumber', () => {
  const n = wholeNumber('n', 0, 100_000);
  it('reads plain digits and JSON integers', () => {
    expect(n.parse('0')).toBe(0);
    expect(n.parse('16')).toBe(16);
    expect(n.parse('100000')).toBe(100_000);
    expect(n.parse(42)).toBe(42);
  });
  it.each(LOOSE)('refuses the spelling %j', (spelling) => {
    expect(n.safeParse(spelling).success).toBe(false);
  });
  it('refuses digits past the bound before reading them as a float', () => {
    expect(n.safeParse('9'.repeat(400)).success).toBe(false);
    expect(n.safeParse('100001').success).toBe(false);
    expect(n.safeParse(1.5).success).toBe(false);
  });
  it('names the field and the rule in its message', () => {
    const said = decodeMessage(n.safeParse('0x10').error?.issues[0]?.message ?? '');
    expect(said && renderMessage(said, 'en')).toMatch(/^n must be a whole number written with digits only/);
  });
});

describe('decimalNumber and oneOfNumbers', () => {
  it('cfgScale reads 7.5 and 7, not 7.5e0 or 0x7', () => {
    const d = decimalNumber('cfgScale', 0, 30);
    expect(d.parse('7.5')).toBe(7.5);
    expect(d.parse('7')).toBe(7);
    for (const bad of ['7.5e0', '0x7', ' 7', '+7', '-1', '07.5', '7..5', '31']) expect(d.safeParse(bad).success, bad).toBe(false);
  });
  it('scaleFactor reads 2, 4, 8 and 4x, nothing else', () => {
    const f = oneOfNumbers('scaleFactor', [2, 4, 8] as const, { suffix: 'x' });
    expect(['2', '4', '8', '4x', '8x', 8].map((v) => f.parse(v))).toEqual([2, 4, 8, 4, 8, 8]);
    for (const bad of ['0x8', '08', '8.0', ' 8 ', '8X', '3', '16', 'x', '4xx', 3])
      expect(f.safeParse(bad).success, String(bad)).toBe(false);
  });
});

describe('the contracts use the one rule', () => {
  it('credits consume refuses amount=0x10 (it charged 16 credits) and 1e3', () => {
    for (const amount of ['0x10', '1e3', ' 7', '07', '+7'])
      expect(consumeQuery.safeParse({ amount, referenceId: 'r' }).success, amount).toBe(false);
    expect(consumeQuery.parse({ amount: '16', referenceId: 'r' }).amount).toBe(16);
  });
  it('upscale scaleFactor refuses 0x8, 08, 8.0 and " 8 "', () => {
    for (const scaleFactor of ['0x8', '08', '8.0', ' 8 '])
      expect(upscaleRequest.safeParse({ scaleFactor }).success, scaleFactor).toBe(false);
    expect(upscaleRequest.parse({ scaleFactor: '8' }).scaleFactor).toBe(8);
  });
  it('generation sizes and seeds refuse hex and exponents, in JSON strings and multipart fields', () => {
    expect(textToImageRequest.safeParse({ prompt: 'a cat', width: '0x400' }).success).toBe(false);
    expect(textToImageRequest.safeParse({ prompt: 'a cat', seed: '1e3' }).success).toBe(false);
    expect(textToImageRequest.parse({ prompt: 'a cat', width: 512, height: '768' })).toMatchObject({ width: 512, height: 768 });
    expect(editRequest.safeParse({ width: ' 512' }).success).toBe(false);
  });
  it('documents the digits pattern in the OpenAPI input schema', () => {
    const schema = z.toJSONSchema(consumeQuery, { io: 'input', unrepresentable: 'any' }) as { properties: Record<string, unknown> };
    expect(JSON.stringify(schema.properties.amount)).toContain('pattern');
  });
});
