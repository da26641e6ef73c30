/**
 * What the Worker build resolves `@oslojs/crypto/sha2` to (wrangler.toml `[alias]`): its SHA-256 only.
 *
 * arctic computes the PKCE code challenge with `sha2.sha256` from that entry point, the only use of
 * it in the Worker. The entry re-exports all six SHA-2 classes, and the bundler keeps each class
 * declaration it cannot prove free of side effects, so SHA-224 and the SHA-512 family came along
 * unused (≈ 0.9 KB gz, decision 071). The function is the package's own. Node and the tests use the
 * real entry point.
 */
export { SHA256, sha256 } from '../../node_modules/@oslojs/crypto/dist/sha2/sha256.js';
