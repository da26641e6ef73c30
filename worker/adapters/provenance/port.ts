import type { Origin } from '../../lib/images/xmp';

/** What a finished image is marked with: how it came to be, and the picture it was made from, if any. */
export interface ProvenanceClaim {
  /** `generated` from a prompt alone; `edited` when a source picture was changed (edits, tools, upscales). */
  origin: Origin;
  /** The user's picture an edit started from, as stored (already stripped of the uploader's metadata). */
  source?: { bytes: Uint8Array; contentType: string };
  /** What ran: a model or the offline engine's tool (shown as the manifest's software agent). */
  agent: string;
}

/**
 * Marks an output image as AI-made, machine-readably (EU AI Act Art. 50(2)): XMP with the IPTC
 * digital source type and, where signing credentials exist, a signed C2PA manifest. Returns the
 * marked bytes; the pixels are untouched.
 */
export interface Provenance {
  mark(image: { bytes: Uint8Array; contentType: string }, claim: ProvenanceClaim): Promise<Uint8Array>;
}

/** Signing credentials for C2PA: an ES256 key and its certificate chain, leaf first, as DER. */
export interface SigningCredentials {
  privateKey: CryptoKey;
  chain: Uint8Array[];
}

export class ProvenanceError extends Error {
  override name = 'ProvenanceError';
}
