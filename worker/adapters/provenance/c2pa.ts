import { initSync, WasmBuilder } from '@contentauth/c2pa-wasm';
import { DIGITAL_SOURCE_TYPES, withXmp, xmpPacket } from '../../lib/images/xmp';
import { GENERATOR } from './xmp';
import { installBytesBlobReader, BytesBlob } from './bytes-blob';
import { CborTag, encodeCbor } from './cbor';
import { type Provenance, type ProvenanceClaim, ProvenanceError, type SigningCredentials } from './port';

/** The compiled c2pa-rs module, or its bytes: Node reads the file, a Worker imports it as a module. */
export type C2paWasm = WebAssembly.Module | BufferSource;

export { GENERATOR, xmpOnlyProvenance } from './xmp';

let ready: Promise<void> | undefined;
/** wasm-bindgen keeps one instance per process: initialise it once, on first use. */
function initialise(load: () => Promise<C2paWasm>): Promise<void> {
  ready ??= load().then((module) => {
    installBytesBlobReader();
    initSync({ module });
  });
  return ready;
}

const COSE_SIGN1 = 18;
const ALG_ES256 = -7;
const HEADER_X5CHAIN = 33;

/**
 * The signer c2pa-wasm asks for: it hands over the claim bytes and stores what comes back as the
 * manifest's signature box, so the answer is a complete COSE_Sign1 (RFC 9052) with the certificate
 * chain in its protected header, padded to exactly the size it reserved.
 */
export function coseSigner(credentials: SigningCredentials) {
  const protectedHeader = encodeCbor(
    new Map<number, number | Uint8Array[]>([
      [1, ALG_ES256],
      [HEADER_X5CHAIN, credentials.chain],
    ]),
  );
  const reserveSize = protectedHeader.length + 1024;
  return {
    alg: 'es256',
    reserveSize,
    async sign(claim: Uint8Array): Promise<Uint8Array<ArrayBuffer>> {
      const toBeSigned = encodeCbor(['Signature1', protectedHeader, new Uint8Array(0), claim]);
      // WebCrypto's ECDSA answer is r ‖ s, which is COSE's own signature format.
      const signature = new Uint8Array(await crypto.subtle.sign({ name: 'ECDSA', hash: 'SHA-256' }, credentials.privateKey, toBeSigned));
      const sign1 = (pad: number) =>
        encodeCbor(
          new CborTag(COSE_SIGN1, [protectedHeader, pad < 0 ? new Map() : new Map([['pad', new Uint8Array(pad)]]), null, signature]),
        );
      // The `pad` header fills the reserved box; its length prefix grows at 24 and 256 bytes, so search near the gap.
      const gap = reserveSize - sign1(-1).length;
      for (let pad = Math.max(0, gap - 16); pad <= gap; pad++) {
        const signed = sign1(pad);
        if (signed.length === reserveSize) return signed;
      }
      throw new ProvenanceError('the COSE signature does not fit its reserved size');
    },
  };
}

function manifestFor(claim: ProvenanceClaim, contentType: string) {
  const agent = { name: claim.agent };
  const actions =
    claim.origin === 'generated'
      ? [{ action: 'c2pa.created', digitalSourceType: DIGITAL_SOURCE_TYPES.generated, softwareAgent: agent }]
      : [
          ...(claim.source ? [{ action: 'c2pa.opened', parameters: { ingredientIds: ['source'] } }] : []),
          { action: 'c2pa.edited', digitalSourceType: DIGITAL_SOURCE_TYPES.edited, softwareAgent: agent },
        ];
  return {
    claim_generator_info: [GENERATOR],
    // A neutral title: never the uploader's file name, which may say more than the picture.
    title: contentType === 'image/jpeg' ? 'image.jpg' : contentType === 'image/webp' ? 'image.webp' : 'image.png',
    format: contentType,
    assertions: [{ label: 'c2pa.actions.v2', data: { actions } }],
  };
}

/**
 * Provenance with Content Credentials: XMP first (so the manifest's hash covers it), then a C2PA
 * manifest built and embedded by the Content Authenticity Initiative's c2pa-rs (as WebAssembly),
 * signed with the configured key. Runs on Node and on Workers.
 */
export function createC2paProvenance(options: { credentials: SigningCredentials; wasm: () => Promise<C2paWasm> }): Provenance {
  const signer = coseSigner(options.credentials);
  return {
    async mark(image, claim) {
      await initialise(options.wasm);
      const withMetadata = withXmp(image.bytes, image.contentType, xmpPacket(claim.origin, `${GENERATOR.name} (${claim.agent})`));
      const builder = WasmBuilder.fromJson(JSON.stringify(manifestFor(claim, image.contentType)));
      try {
        if (claim.source) {
          const ingredient = { title: 'source image', relationship: 'parentOf', label: 'source' };
          await builder.addIngredientFromBlob(JSON.stringify(ingredient), claim.source.contentType, new BytesBlob(claim.source.bytes));
        }
        return await builder.sign(signer, [], image.contentType, new BytesBlob(withMetadata));
      } finally {
        builder.free();
      }
    },
  };
}
