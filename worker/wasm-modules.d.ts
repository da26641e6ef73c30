/** Wrangler bundles a `.wasm` import as a compiled module (its CompiledWasm rule); only the Worker imports it. */
declare module '@contentauth/c2pa-wasm/c2pa.wasm' {
  const module: WebAssembly.Module;
  export default module;
}
