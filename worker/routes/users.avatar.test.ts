import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { schema } from '@db/client';
import { createTestApp, type TestApp } from '@tests/setup/test-app';

let t: TestApp;
let token: string;
let userId: string;
beforeEach(async () => {
  t = await createTestApp();
  ({
    token,
    user: { id: userId },
  } = await t.signIn('pic@example.com'));
});
afterEach(() => t.close());

const solid = (width: number, height: number, background = '#3c8cff') => sharp({ create: { width, height, channels: 3, background } });

/** A JPEG carrying EXIF with a GPS position (IFD3) and identifying text. */
async function jpegWithGps() {
  return solid(400, 200)
    .jpeg()
    .withExif({
      IFD0: { Artist: 'secret-owner', ImageDescription: 'home-address' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '51/1 30/1 2645/100', GPSLongitudeRef: 'W', GPSLongitude: '0/1 7/1 3966/100' },
    })
    .toBuffer();
}

/** Whether an EXIF block has the GPSInfo pointer tag (0x8825), in either byte order. */
const hasGpsPointer = (exif: Buffer) => exif.includes(Buffer.from([0x88, 0x25])) || exif.includes(Buffer.from([0x25, 0x88]));

async function animatedGif() {
  const frame = (color: string) =>
    sharp({ create: { width: 300, height: 300, channels: 4, background: color } })
      .png()
      .toBuffer();
  return sharp([await frame('#ff0000'), await frame('#0000ff')], { join: { animated: true } })
    .gif()
    .toBuffer();
}

function upload(bytes: Uint8Array | string, name: string, type: string, auth: string | undefined = token) {
  const form = new FormData();
  form.set('avatar', new File([typeof bytes === 'string' ? bytes : Buffer.from(bytes)], name, { type }));
  return t.request('/api/users/me/avatar', { method: 'POST', token: auth, body: form });
}

async function stored(url: string) {
  const res = await t.request(url);
  expect(res.status).toBe(200);
  return { res, bytes: Buffer.from(await res.arrayBuffer()) };
}

const errorOf = async (res: Response) => ((await res.json()) as { error: Record<string, unknown> }).error;

describe('POST /api/users/me/avatar', () => {
  it.each([
    ['photo.png', 'image/png', () => solid(120, 80).png().toBuffer()],
    ['photo.jpg', 'image/jpeg', () => solid(120, 80).jpeg().toBuffer()],
    ['photo.JPEG', 'image/jpg', () => solid(120, 80).jpeg().toBuffer()],
    ['photo.webp', 'image/webp', () => solid(120, 80).webp().toBuffer()],
    ['anim.gif', 'image/gif', animatedGif],
    ['no-declared-type.png', '', () => solid(120, 80).png().toBuffer()],
  ])('accepts %s (%s) and stores a 256×256 WebP', async (name, type, make) => {
    const res = await upload(await make(), name, type);
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body).toMatchObject({
      success: true,
      avatar: expect.stringMatching(new RegExp(`^/api/files/public/avatars/${userId}/av_[a-z0-9]{16}\\.webp$`)),
    });
    expect(body.user).toMatchObject({ id: userId, avatar: body.avatar });

    const { res: file, bytes } = await stored(body.avatar);
    expect(file.headers.get('content-type')).toBe('image/webp');
    const meta = await sharp(bytes, { animated: true }).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 256, height: 256 });
    // An animated GIF becomes its first frame (a still avatar).
    expect(meta.pages ?? 1).toBe(1);
    if (name === 'anim.gif') {
      const { data } = await sharp(bytes).raw().toBuffer({ resolveWithObject: true });
      expect(data[0]!).toBeGreaterThan(200); // red, the first frame
      expect(data[2]!).toBeLessThan(60);
    }
  });

  it('drops EXIF with the GPS position (re-encoded, not copied)', async () => {
    const original = await jpegWithGps();
    const inputMeta = await sharp(original).metadata();
    expect(hasGpsPointer(inputMeta.exif!)).toBe(true);
    expect(original.includes('secret-owner')).toBe(true);

    const body = await (await upload(original, 'holiday.jpg', 'image/jpeg')).json();
    const { bytes } = await stored(body.avatar);
    const meta = await sharp(bytes).metadata();
    expect(meta.exif).toBeUndefined();
    expect(meta.xmp).toBeUndefined();
    expect(bytes.includes('secret-owner')).toBe(false);
    expect(bytes.includes('home-address')).toBe(false);
    expect(bytes.includes('Exif')).toBe(false);
    // Cover crop of a 2:1 picture: square, not letterboxed.
    expect(meta).toMatchObject({ width: 256, height: 256 });
  });

  it('refuses a file over 5 MB with 413', async () => {
    const header = await solid(10, 10).png().toBuffer();
    const big = new Uint8Array(5 * 1024 * 1024 + 1);
    big.set(header);
    const res = await upload(big, 'big.png', 'image/png');
    expect(res.status).toBe(413);
    expect(await errorOf(res)).toMatchObject({ code: 'PAYLOAD_TOO_LARGE', message: 'File size cannot exceed 5MB', field: 'avatar' });

    const exactly = new Uint8Array(5 * 1024 * 1024);
    exactly.set(header);
    // 5 MB exactly is allowed (a complete PNG followed by padding the decoder ignores).
    expect((await upload(exactly, 'big.png', 'image/png')).status).toBe(200);
  });

  it.each([
    ['PNG bytes named .jpg', async () => solid(20, 20).png().toBuffer(), 'sneaky.jpg', 'image/jpeg'],
    ['PNG bytes declared as GIF', async () => solid(20, 20).png().toBuffer(), 'sneaky.png', 'image/gif'],
    ['text named .png', async () => 'hello, I am not an image', 'notes.png', 'image/png'],
    ['SVG', async () => '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>', 'icon.svg', 'image/svg+xml'],
    ['HTML named .webp', async () => '<html><script>alert(1)</script></html>', 'page.webp', 'image/webp'],
    ['a TIFF', async () => solid(20, 20).tiff().toBuffer(), 'scan.tiff', 'image/tiff'],
    [
      'a valid PNG header over garbage',
      async () => Buffer.concat([(await solid(20, 20).png().toBuffer()).subarray(0, 33), Buffer.alloc(400, 7)]),
      'broken.png',
      'image/png',
    ],
  ])('refuses %s with 415', async (_case, make, name, type) => {
    const res = await upload(await make(), name, type);
    expect(res.status).toBe(415);
    expect(await errorOf(res)).toMatchObject({
      code: 'UNSUPPORTED_MEDIA_TYPE',
      message: 'Please select a valid image file (JPG, PNG, GIF, WebP)',
      field: 'avatar',
    });
    const [user] = await t.deps.db.select().from(schema.users).where(eq(schema.users.id, userId));
    expect(user!.avatarUrl).toBeNull();
  });

  it('refuses a decompression bomb by its header, before anything decodes it', async () => {
    // A real PNG signature and IHDR claiming 30000×30000 (900 MP ≈ 2.7 GB decoded), a few bytes long.
    const png = Buffer.from(await solid(1, 1).png().toBuffer());
    png.writeUInt32BE(30000, 16);
    png.writeUInt32BE(30000, 20);
    const toAvatar = vi.spyOn(t.deps.avatarImages, 'toAvatar');
    const res = await upload(png, 'bomb.png', 'image/png');
    expect(res.status).toBe(413);
    expect(await errorOf(res)).toMatchObject({ code: 'PAYLOAD_TOO_LARGE', field: 'avatar', message: 'Image dimensions are too large' });
    expect(toAvatar).not.toHaveBeenCalled();

    // Also a wide-but-short header (8001 px on one side) and a 45 MP one under the per-side limit.
    for (const [w, h] of [
      [8001, 10],
      [7500, 6000],
    ]) {
      png.writeUInt32BE(w!, 16);
      png.writeUInt32BE(h!, 20);
      expect((await upload(png, 'bomb.png', 'image/png')).status).toBe(413);
    }
    expect(toAvatar).not.toHaveBeenCalled();
  });

  it('replaces the previous avatar, deletes its file, and shows the new one on /users/me and /api/files', async () => {
    const first = await (await upload(await solid(64, 64, '#ff0000').png().toBuffer(), 'a.png', 'image/png')).json();
    const second = await (await upload(await solid(64, 64, '#00ff00').png().toBuffer(), 'b.png', 'image/png')).json();
    expect(second.avatar).not.toBe(first.avatar);

    expect((await t.request(first.avatar)).status).toBe(404);
    expect(await t.deps.blobs.get(first.avatar.slice('/api/files/'.length))).toBeNull();

    const me = await (await t.request('/api/users/me', { token })).json();
    expect(me.avatar).toBe(second.avatar);
    // Public: served without a token, cacheable for ever (a new upload gets a new key).
    const file = await t.request(second.avatar);
    expect(file.status).toBe(200);
    expect(file.headers.get('content-type')).toBe('image/webp');
    expect(file.headers.get('cache-control')).toMatch(/immutable/);
  });

  it('needs a signed-in user and a multipart file in field avatar', async () => {
    expect((await upload(await solid(8, 8).png().toBuffer(), 'a.png', 'image/png', '')).status).toBe(401);

    const empty = await t.request('/api/users/me/avatar', { method: 'POST', token, body: new FormData() });
    expect(empty.status).toBe(400);
    expect(await errorOf(empty)).toMatchObject({ code: 'VALIDATION_FAILED', field: 'avatar' });

    const wrongField = new FormData();
    wrongField.set('file', new File([await solid(8, 8).png().toBuffer()], 'a.png', { type: 'image/png' }));
    expect((await t.request('/api/users/me/avatar', { method: 'POST', token, body: wrongField })).status).toBe(400);

    const json = await t.request('/api/users/me/avatar', { method: 'POST', token, json: { avatar: 'data:image/png;base64,AAAA' } });
    expect(json.status).toBe(400);
  });
});
