import { ascii } from './inspect';
import { concat, pngChunk } from './strip-metadata';

/**
 * IPTC's controlled vocabulary for how an image came to be (https://cv.iptc.org/newscodes/digitalsourcetype/):
 * a picture a model made from a prompt, or a photo changed with a model's or an algorithm's help.
 */
export const DIGITAL_SOURCE_TYPES = {
  generated: 'http://cv.iptc.org/newscodes/digitalsourcetype/trainedAlgorithmicMedia',
  edited: 'http://cv.iptc.org/newscodes/digitalsourcetype/compositeWithTrainedAlgorithmicMedia',
} as const;
export type Origin = keyof typeof DIGITAL_SOURCE_TYPES;

const escapeXml = (text: string) =>
  text.replace(/[&<>"']/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[ch]!);

/** An XMP packet stating the IPTC digital source type and the tool that wrote the file. */
export function xmpPacket(origin: Origin, creatorTool: string): string {
  return [
    '<?xpacket begin="\uFEFF" id="W5M0MpCehiHzreSzNTczkc9d"?>',
    '<x:xmpmeta xmlns:x="adobe:ns:meta/">',
    '<rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">',
    '<rdf:Description rdf:about=""',
    ' xmlns:Iptc4xmpExt="http://iptc.org/std/Iptc4xmpExt/2008-02-29/"',
    ' xmlns:xmp="http://ns.adobe.com/xap/1.0/"',
    ` Iptc4xmpExt:DigitalSourceType="${DIGITAL_SOURCE_TYPES[origin]}"`,
    ` xmp:CreatorTool="${escapeXml(creatorTool)}"/>`,
    '</rdf:RDF>',
    '</x:xmpmeta>',
    '<?xpacket end="r"?>',
  ].join('\n');
}

const PNG_XMP_KEYWORD = 'XML:com.adobe.xmp';
const JPEG_XMP_NAMESPACE = 'http://ns.adobe.com/xap/1.0/\0';
const u32be = (b: Uint8Array, i: number) => ((b[i]! << 24) | (b[i + 1]! << 16) | (b[i + 2]! << 8) | b[i + 3]!) >>> 0;

/** PNG: an uncompressed iTXt chunk with the XMP keyword, before the first IDAT; an earlier XMP chunk is replaced. */
function pngWithXmp(b: Uint8Array, packet: Uint8Array): Uint8Array {
  const keyword = new TextEncoder().encode(PNG_XMP_KEYWORD);
  // keyword \0, compression flag 0, method 0, empty language tag \0, empty translated keyword \0, text.
  const chunk = pngChunk('iTXt', concat([keyword, new Uint8Array([0, 0, 0, 0, 0]), packet]));
  const parts = [b.subarray(0, 8)];
  let inserted = false;
  let i = 8;
  while (i + 12 <= b.length) {
    const length = u32be(b, i);
    const type = ascii(b, i + 4, 4);
    const end = i + 12 + length;
    if (end > b.length) break;
    const isXmp = type === 'iTXt' && ascii(b, i + 8, keyword.length + 1) === `${PNG_XMP_KEYWORD}\0`;
    if (!inserted && type === 'IDAT') {
      parts.push(chunk);
      inserted = true;
    }
    if (!isXmp) parts.push(b.subarray(i, end));
    i = end;
    if (type === 'IEND') break;
  }
  if (!inserted) throw new Error('PNG without image data');
  return concat(parts);
}

/** JPEG: an APP1 segment with the XMP namespace right after SOI (and JFIF's APP0); an earlier XMP segment is replaced. */
function jpegWithXmp(b: Uint8Array, packet: Uint8Array): Uint8Array {
  const header = new TextEncoder().encode(JPEG_XMP_NAMESPACE);
  const length = 2 + header.length + packet.length;
  if (length > 0xffff) throw new Error('XMP packet too large for one JPEG segment');
  const segment = concat([new Uint8Array([0xff, 0xe1, length >> 8, length & 0xff]), header, packet]);
  const parts = [b.subarray(0, 2)];
  let i = 2;
  let inserted = false;
  while (i + 4 <= b.length && b[i] === 0xff) {
    const marker = b[i + 1]!;
    if (marker === 0xda || marker === 0xd9) break;
    const end = Math.min(i + 2 + ((b[i + 2]! << 8) | b[i + 3]!), b.length);
    if (!inserted && marker !== 0xe0) {
      parts.push(segment);
      inserted = true;
    }
    const isXmp = marker === 0xe1 && ascii(b, i + 4, header.length) === JPEG_XMP_NAMESPACE;
    if (!isXmp) parts.push(b.subarray(i, end));
    i = end;
  }
  if (!inserted) parts.push(segment);
  parts.push(b.subarray(i));
  return concat(parts);
}

/**
 * The image with an XMP packet that says it was made or changed by AI (EU AI Act Art. 50(2): a
 * machine-readable mark). PNG and JPEG; other formats come back unchanged (their C2PA manifest
 * still says so).
 */
export function withXmp(bytes: Uint8Array, contentType: string, packet: string): Uint8Array {
  const data = new TextEncoder().encode(packet);
  if (contentType === 'image/png') return pngWithXmp(bytes, data);
  if (contentType === 'image/jpeg') return jpegWithXmp(bytes, data);
  return bytes;
}
