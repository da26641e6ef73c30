/**
 * The API reference page: a small self-hosted renderer of /api/openapi.json (no CDN, no inline
 * script or style, so its CSP is `'self'` only). Its script is a static file of the site,
 * web/public/api-docs.js, so the Worker script does not carry its 1.7 KB gz (its bundle has a budget). Scalar's renderer would need a 4 MB standalone
 * script served from our assets and its fonts from its CDN; this page needs neither.
 */
export const DOCS_CSP =
  "default-src 'none'; script-src 'self'; connect-src 'self'; img-src 'self' data:; style-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

export const DOCS_HTML = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Image studio API reference</title><script src="/api-docs.js" defer></script></head>
<body><main id="docs"><p>Loading /api/openapi.json…</p></main></body></html>`;
