import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { createC2paProvenance } from '@worker/adapters/provenance/c2pa';
import { credentialsFromPem } from '@worker/adapters/provenance/credentials';
import type { Provenance } from '@worker/adapters/provenance/port';
import type { Config } from '@worker/env';
import { devSigningPems, generateDevSigningPems } from './dev-signing-credentials';

const wasmPath = createRequire(import.meta.url).resolve('@contentauth/c2pa-wasm/c2pa.wasm');

/**
 * Content Credentials for Node (npm start, tests, the bench): the configured key and chain, or the
 * installation's development root under DATA_DIR (in memory when nothing is kept on disk).
 */
export async function nodeProvenance(config: Config, options: { persist: boolean }): Promise<Provenance> {
  const pems =
    config.C2PA_SIGNING_KEY && config.C2PA_CERTIFICATE_CHAIN
      ? { privateKeyPem: config.C2PA_SIGNING_KEY, chainPem: config.C2PA_CERTIFICATE_CHAIN }
      : options.persist
        ? await devSigningPems(config.DATA_DIR)
        : await generateDevSigningPems();
  const credentials = await credentialsFromPem(pems.privateKeyPem, pems.chainPem);
  return createC2paProvenance({ credentials, wasm: () => readFile(wasmPath) });
}
