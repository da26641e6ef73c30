import { afterEach, beforeEach, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '@tests/setup/test-app';
import { charactersMissing } from '@worker/contract/brief-length';

/**
 * A Chinese logo brief: the minimum is counted per script (a two-character brand such as 山嵐 is
 * enough, as five Latin letters are), and the brand on the logo is the whole name the user wrote.
 */
let t: TestApp;
let token: string;
beforeEach(async () => {
  t = await createTestApp();
  ({ token } = await t.signIn('brand-zh@example.com'));
});
afterEach(() => t.close());

const logo = (extra: string) =>
  t.request('/api/generate-image', {
    method: 'POST',
    token,
    json: { toolId: 'logo-generation', prompt: 'x', extra, style: 'logo', width: 512, height: 512 },
  });

it('counts the minimum in characters of the script: 山嵐 is a brand, "fox" and 山 are not', () => {
  expect(charactersMissing('山嵐', 5)).toBe(0);
  expect(charactersMissing('山', 5)).toBe(1);
  expect(charactersMissing('fox', 5)).toBe(2);
  expect(charactersMissing('  Nova  ', 5)).toBe(1);
  expect(charactersMissing('café!', 5)).toBe(0);
  // An emoji with its modifier is one character, not four UTF-16 units.
  expect(charactersMissing('👍🏽👍🏽', 5)).toBe(3);
});

it('accepts a two-character Chinese brand and sets the whole name, never a shortened one', async () => {
  const short = await logo('山嵐');
  expect(short.status, JSON.stringify(await short.clone().json())).toBe(200);
  const long = await logo('山嵐咖啡烘焙坊');
  expect(long.status).toBe(200);
  const { recordId } = (await long.json()) as { recordId: string };
  await t.drainJobs();
  const svg = await (await t.request(`/api/creation-records/${recordId}/logo.svg`, { token })).text();
  expect(svg).toContain('<title>山嵐咖啡烘焙坊</title>');

  const one = await logo('山');
  expect(one.status).toBe(400);
  expect(((await one.json()) as { error: { field: string } }).error).toMatchObject({ field: 'extra' });
});
