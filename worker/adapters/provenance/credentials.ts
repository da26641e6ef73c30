import { base64ToBytes } from '../../lib/bytes';
import { ProvenanceError, type SigningCredentials } from './port';

/** Every `-----BEGIN <label>-----` block of a PEM text, as DER bytes, in order. */
export function pemBlocks(pem: string, label: string): Uint8Array[] {
  const pattern = new RegExp(`-----BEGIN ${label}-----([^-]+)-----END ${label}-----`, 'g');
  return [...pem.matchAll(pattern)].map((match) => base64ToBytes(match[1]!.replace(/\s+/g, '')));
}

/**
 * C2PA signing credentials from configuration: a PKCS#8 P-256 private key and its certificate chain
 * (leaf first, then intermediates; the root may follow). Uses WebCrypto only, so it runs on Workers.
 */
export async function credentialsFromPem(privateKeyPem: string, chainPem: string): Promise<SigningCredentials> {
  const [key] = pemBlocks(privateKeyPem, 'PRIVATE KEY');
  const chain = pemBlocks(chainPem, 'CERTIFICATE');
  if (!key) throw new ProvenanceError('C2PA_SIGNING_KEY holds no PKCS#8 "PRIVATE KEY" block');
  if (chain.length === 0) throw new ProvenanceError('C2PA_CERTIFICATE_CHAIN holds no certificate');
  const privateKey = await crypto.subtle.importKey('pkcs8', key as Uint8Array<ArrayBuffer>, { name: 'ECDSA', namedCurve: 'P-256' }, false, [
    'sign',
  ]);
  return { privateKey, chain };
}
