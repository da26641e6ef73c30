import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { DIGITAL_SOURCE_TYPES, withXmp, xmpPacket } from './xmp';

const count = (haystack: Uint8Array, needle: string) => Buffer.from(haystack).toString('latin1').split(needle).length - 1;
const image = () => sharp({ create: { width: 24, height: 16, channels: 3, background: { r: 200, g: 40, b: 90 } } });

describe('withXmp', () => {
  it.each([
    ['image/png', () => image().png().toBuffer()],
    ['image/jpeg', () => image().jpeg().toBuffer()],
  ])('%s: one packet that sharp reads back, replaced (not added) when marked twice, pixels kept', async (type, make) => {
    const plain = await make();
    const once = withXmp(plain, type, xmpPacket('generated', 'Image Studio (test)'));
    const twice = withXmp(once, type, xmpPacket('edited', 'Image Studio (test)'));
    expect(count(twice, 'x:xmpmeta xmlns')).toBe(1);
    const xmp = (await sharp(twice).metadata()).xmp?.toString() ?? '';
    expect(xmp).toContain(DIGITAL_SOURCE_TYPES.edited);
    expect(xmp).not.toContain(DIGITAL_SOURCE_TYPES.generated);
    expect(Buffer.compare(await sharp(twice).raw().toBuffer(), await sharp(plain).raw().toBuffer())).toBe(0);
  });

  it('JPEG: the XMP segment follows the JFIF header, which must stay first', async () => {
    const encoded = await image().jpeg().toBuffer();
    // libjpeg-turbo via sharp writes no JFIF segment; cameras and browsers do.
    const jfif = Buffer.from('ffe000104a46494600010100000100010000', 'hex');
    const plain = Buffer.concat([encoded.subarray(0, 2), jfif, encoded.subarray(2)]);
    const marked = withXmp(plain, 'image/jpeg', xmpPacket('generated', 'Image Studio'));
    const app0Length = (marked[4]! << 8) | marked[5]!;
    expect(Buffer.from(marked.subarray(4 + app0Length, 6 + app0Length))).toEqual(Buffer.from([0xff, 0xe1]));
  });

  it('escapes the tool name and leaves other formats alone', () => {
    expect(xmpPacket('generated', 'a "b" <c>')).toContain('xmp:CreatorTool="a &quot;b&quot; &lt;c&gt;"');
    const webp = new Uint8Array([1, 2, 3]);
    expect(withXmp(webp, 'image/webp', 'x')).toBe(webp);
  });
});
