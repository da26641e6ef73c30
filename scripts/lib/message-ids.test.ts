import { expect, it } from 'vitest';
import { messageIdsIn } from './message-ids';

it('finds the catalogue ids that minified code names as string literals, in any quotes', () => {
  const code = `i18n._({id:"a-B_c1"});jsx(Trans,{id:'x+y/z='});t(\`order.status.expired\`);const s="a-B_c1x";`;
  expect(messageIdsIn(code, ['a-B_c1', 'x+y/z=', 'order.status.expired', 'unused'])).toEqual(
    new Set(['a-B_c1', 'x+y/z=', 'order.status.expired']),
  );
});

it('does not take an id for part of a longer string or for a bare word', () => {
  expect(messageIdsIn(`const s="xa-B_c1";a-B_c1;"order.status"`, ['a-B_c1', 'order.status.expired'])).toEqual(new Set());
});
