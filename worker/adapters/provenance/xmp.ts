import { withXmp, xmpPacket } from '../../lib/images/xmp';
import type { Provenance } from './port';

/** Who wrote the file, as C2PA's claim generator and XMP's CreatorTool say it. */
export const GENERATOR = { name: 'Image Studio', version: '1.0' } as const;

/**
 * Without signing credentials: the XMP mark alone (still machine-readable, not tamper-evident). Kept
 * apart from c2pa.ts so the request Worker, which never signs (decision 056), ships no c2pa code.
 */
export const xmpOnlyProvenance: Provenance = {
  async mark(image, claim) {
    return withXmp(image.bytes, image.contentType, xmpPacket(claim.origin, `${GENERATOR.name} (${claim.agent})`));
  },
};
