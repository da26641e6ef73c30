/**
 * Headers for the SPA and its static assets. The Node server sets them on every
 * non-API response; on Workers the assets binding reads the same list from web/public/_headers
 * (copied into dist/web), and a test keeps the two in step.
 *
 * The CSP is what the built SPA needs and no more: scripts and styles only from our own files
 * (React sets inline styles through the CSSOM, which CSP allows; react-aria's one <style> by hash), image previews and downloads as
 * blob: URLs, data: images from CSS, API calls to the same origin. Google sign-in and gateway
 * checkouts are top-level navigations, which connect-src and form-action do not govern.
 */
/**
 * react-aria's usePress prepends one fixed `<style id="react-aria-pressable-style">` (touch-action for
 * pressables); its hash allows exactly that text and no other inline style. security-headers.test.ts
 * recomputes it from the installed react-aria, so an upgrade that changes the text fails there.
 */
export const REACT_ARIA_PRESSABLE_STYLE = '@layer {\n  [data-react-aria-pressable] {\n    touch-action: pan-x pan-y pinch-zoom;\n  }\n}';
export const REACT_ARIA_PRESSABLE_STYLE_HASH = "'sha256-38RhXrc7EdReTKsOm23ZPOCUgniTUUcjky8QOOrQx6o='";

export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  `style-src 'self' ${REACT_ARIA_PRESSABLE_STYLE_HASH}`,
  "img-src 'self' data: blob:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "media-src 'self' blob:",
  "worker-src 'self' blob:",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

/** HTTPS only from the first visit on, for half a year: the value the API's secureHeaders sends. */
export const STRICT_TRANSPORT_SECURITY = 'max-age=15552000; includeSubDomains';

export const SPA_SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'strict-transport-security': STRICT_TRANSPORT_SECURITY,
  'content-security-policy': CONTENT_SECURITY_POLICY,
  'x-frame-options': 'DENY',
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'cross-origin-opener-policy': 'same-origin',
  'permissions-policy': 'camera=(), microphone=(), geolocation=(), payment=()',
};
