import { describe, expect, it } from 'vitest';
import { acceptedImageUrl, nameForBlob, uploadProblem } from './image-source';

const ORIGIN = 'https://studio.example';

describe('acceptedImageUrl: the ?imageUrl= parameter is untrusted', () => {
  it('takes same-origin /api/files/ URLs, relative or absolute, keeping the signature', () => {
    expect(acceptedImageUrl('/api/files/users/usr_1/results/a.png?exp=1&sig=abc', ORIGIN)).toBe(
      '/api/files/users/usr_1/results/a.png?exp=1&sig=abc',
    );
    expect(acceptedImageUrl(`${ORIGIN}/api/files/public/showcase/b.webp`, ORIGIN)).toBe('/api/files/public/showcase/b.webp');
  });

  it.each([
    ['another host', 'https://evil.example/api/files/public/x.png'],
    ['protocol-relative host', '//evil.example/api/files/public/x.png'],
    ['credentials in the URL', `https://user:pw@studio.example/api/files/public/x.png`],
    ['javascript:', 'javascript:alert(1)'],
    ['data:', 'data:image/png;base64,AAAA'],
    ['other API paths', '/api/credits/balance'],
    ['dot segments', '/api/files/public/../../credits/balance'],
    ['encoded dot segments', '/api/files/public/%2e%2e/%2e%2e/credits/balance'],
    ['encoded slashes', '/api/files/public/a%2F..%2Fb.png'],
    ['backslashes', '/api/files/public\\..\\x.png'],
    ['keys outside public/ and users/', '/api/files/secrets/x.png'],
    ['nothing', ''],
    ['undefined', undefined],
  ])('refuses %s', (_, raw) => {
    expect(acceptedImageUrl(raw, ORIGIN)).toBeNull();
  });
});

describe('uploadProblem: spec §5 upload checks', () => {
  const file = (name: string, type: string, size = 1000) => ({ name, type, size });
  it('passes png, jpg and webp up to 10 MB', () => {
    expect(uploadProblem([file('a.png', 'image/png', 10 * 1024 * 1024)])).toBeNull();
    expect(uploadProblem([file('a.jpg', 'image/jpeg')])).toBeNull();
    expect(uploadProblem([file('a.webp', 'image/webp')])).toBeNull();
    expect(uploadProblem([file('a.JPEG', '')])).toBeNull();
  });
  it('names what is wrong', () => {
    expect(uploadProblem([])).toBe('empty');
    expect(uploadProblem([file('a.png', 'image/png'), file('b.png', 'image/png')])).toBe('many');
    expect(uploadProblem([file('a.gif', 'image/gif')])).toBe('type');
    expect(uploadProblem([file('a.svg', '')])).toBe('type');
    expect(uploadProblem([file('a.png', 'image/png', 10 * 1024 * 1024 + 1)])).toBe('size');
  });
});

it('names fetched images after their type', () => {
  expect(nameForBlob('image/jpeg', 'creation')).toBe('creation.jpg');
  expect(nameForBlob('image/webp')).toBe('image.webp');
  expect(nameForBlob('image/png')).toBe('image.png');
});
