import { expect, it } from 'vitest';
import {
  base64ToBytes,
  bytesToBase64,
  equalBytes,
  fromBase64Url,
  fromHex,
  hmacSha256,
  sha1,
  sha256,
  sniffImageType,
  toBase64Url,
  toHex,
} from './bytes';

const hex = (bytes: Uint8Array) => Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');

it('HMAC-SHA-256 matches RFC 4231 test case 2', async () => {
  expect(hex(await hmacSha256('Jefe', 'what do ya want for nothing?'))).toBe(
    '5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843',
  );
});

it('encodes base64url without padding and both base64 alphabets back', async () => {
  const bytes = new Uint8Array([0xfb, 0xff, 0xfe, 0x00, 0x10]);
  expect(toBase64Url(bytes)).toBe('-__-ABA');
  expect(Array.from(fromBase64Url('-__-ABA'))).toEqual(Array.from(bytes));
  expect(bytesToBase64(bytes)).toBe('+//+ABA=');
  expect(Array.from(base64ToBytes('-__-ABA'))).toEqual(Array.from(bytes));
  expect(toBase64Url(await sha256(''))).toBe('47DEQpj8HBSa-_TImW-5JCeuQeRkm5NMpJWZG3hSuFU');
  expect(bytesToBase64(new Uint8Array(200_000)).length).toBe(266_668);
});

it('compares MACs and sniffs images through the one sniffer', () => {
  expect(equalBytes(new Uint8Array([1, 2]), new Uint8Array([1, 2]))).toBe(true);
  expect(equalBytes(new Uint8Array([1, 2]), new Uint8Array([1, 3]))).toBe(false);
  expect(sniffImageType(new Uint8Array([0xff, 0xd8, 0xff, 0xe0]))).toBe('image/jpeg');
});

it('hex both ways, refusing what is not whole bytes of hex; strings are UTF-8 for base64 and digests', async () => {
  const bytes = new Uint8Array([0x00, 0x0f, 0xab, 0xff]);
  expect(toHex(bytes)).toBe('000fabff');
  expect(Array.from(fromHex('000FABff')!)).toEqual(Array.from(bytes));
  for (const bad of ['', 'abc', 'zz', '0x00', 'ab cd']) expect(fromHex(bad)).toBeUndefined();
  expect(bytesToBase64('client:secret')).toBe(btoa('client:secret'));
  expect(toHex(await sha1('abc'))).toBe('a9993e364706816aba3e25717850c26c9cd0d89d');
  expect(toHex(await sha256('abc'))).toBe(hex(await sha256(new TextEncoder().encode('abc'))));
});
