/**
 * Embedded defaults for C2PA signing: a development root and a signer certificate under it,
 * generated on first start and kept in DATA_DIR/provenance, so every output of one installation
 * is signed by the same key. Not trusted by anyone else — production configures its own key and
 * chain (C2PA_SIGNING_KEY, C2PA_CERTIFICATE_CHAIN).
 */
import 'reflect-metadata';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import * as x509 from '@peculiar/x509';

const ES256 = { name: 'ECDSA', namedCurve: 'P-256', hash: 'SHA-256' } as const;
const DAY_MS = 86_400_000;
/** C2PA's certificate profile: a signer certificate names a purpose; e-mail protection is the common one. */
const EKU_EMAIL_PROTECTION = '1.3.6.1.5.5.7.3.4';

export interface DevSigningPems {
  privateKeyPem: string;
  /** Signer certificate, then the development root. */
  chainPem: string;
  /** The development root alone: what a reader must be told to trust. */
  rootPem: string;
}

const toPem = (der: ArrayBuffer, label: string) =>
  `-----BEGIN ${label}-----\n${Buffer.from(der)
    .toString('base64')
    .replace(/(.{64})/g, '$1\n')
    .trimEnd()}\n-----END ${label}-----\n`;

/** A fresh development root and signer certificate (ES256, ten years and one year). */
export async function generateDevSigningPems(now = new Date()): Promise<DevSigningPems> {
  x509.cryptoProvider.set(globalThis.crypto);
  const notBefore = new Date(now.getTime() - DAY_MS);
  const rootKeys = await crypto.subtle.generateKey(ES256, true, ['sign', 'verify']);
  const root = await x509.X509CertificateGenerator.createSelfSigned({
    serialNumber: '01',
    name: 'CN=Image Studio Development Root, O=Image Studio',
    notBefore,
    notAfter: new Date(now.getTime() + 3650 * DAY_MS),
    keys: rootKeys,
    signingAlgorithm: ES256,
    extensions: [
      new x509.BasicConstraintsExtension(true, 0, true),
      new x509.KeyUsagesExtension(x509.KeyUsageFlags.keyCertSign | x509.KeyUsageFlags.cRLSign, true),
      await x509.SubjectKeyIdentifierExtension.create(rootKeys.publicKey),
    ],
  });
  const signerKeys = await crypto.subtle.generateKey(ES256, true, ['sign', 'verify']);
  const signer = await x509.X509CertificateGenerator.create({
    serialNumber: '02',
    subject: 'CN=Image Studio Development Signer, O=Image Studio',
    issuer: root.subject,
    notBefore,
    notAfter: new Date(now.getTime() + 365 * DAY_MS),
    signingKey: rootKeys.privateKey,
    publicKey: signerKeys.publicKey,
    signingAlgorithm: ES256,
    extensions: [
      new x509.BasicConstraintsExtension(false, undefined, true),
      new x509.KeyUsagesExtension(x509.KeyUsageFlags.digitalSignature, true),
      new x509.ExtendedKeyUsageExtension([EKU_EMAIL_PROTECTION]),
      await x509.SubjectKeyIdentifierExtension.create(signerKeys.publicKey),
      await x509.AuthorityKeyIdentifierExtension.create(rootKeys.publicKey),
    ],
  });
  const rootPem = root.toString('pem');
  return {
    privateKeyPem: toPem(await crypto.subtle.exportKey('pkcs8', signerKeys.privateKey), 'PRIVATE KEY'),
    chainPem: `${signer.toString('pem')}\n${rootPem}\n`,
    rootPem: `${rootPem}\n`,
  };
}

/** The installation's development credentials: read from DATA_DIR/provenance, or generated there once. */
export async function devSigningPems(dataDir: string): Promise<DevSigningPems> {
  const dir = join(dataDir, 'provenance');
  const files = {
    privateKeyPem: join(dir, 'signing-key.pem'),
    chainPem: join(dir, 'certificate-chain.pem'),
    rootPem: join(dir, 'root.pem'),
  };
  if (Object.values(files).every((file) => existsSync(file))) {
    return {
      privateKeyPem: readFileSync(files.privateKeyPem, 'utf8'),
      chainPem: readFileSync(files.chainPem, 'utf8'),
      rootPem: readFileSync(files.rootPem, 'utf8'),
    };
  }
  const pems = await generateDevSigningPems();
  mkdirSync(dir, { recursive: true });
  writeFileSync(files.privateKeyPem, pems.privateKeyPem, { mode: 0o600 });
  writeFileSync(files.chainPem, pems.chainPem);
  writeFileSync(files.rootPem, pems.rootPem);
  return pems;
}
