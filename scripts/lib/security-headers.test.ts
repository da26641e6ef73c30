import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { SPA_SECURITY_HEADERS } from './security-headers';

/** Cloudflare's `_headers` format: a path line, then indented `Name: value` lines. */
function parseHeadersFile(text: string) {
  const rules: Record<string, Record<string, string>> = {};
  let current: Record<string, string> | undefined;
  for (const line of text.split('\n')) {
    if (!line.trim() || line.startsWith('#')) continue;
    if (!/^\s/.test(line)) rules[line.trim()] = current = {};
    else {
      const at = line.indexOf(':');
      current![line.slice(0, at).trim().toLowerCase()] = line.slice(at + 1).trim();
    }
  }
  return rules;
}

describe('security headers', () => {
  it('Workers static assets (web/public/_headers) get exactly what the Node server sends', () => {
    expect(parseHeadersFile(readFileSync('web/public/_headers', 'utf8'))).toEqual({ '/*': SPA_SECURITY_HEADERS });
  });

  it('forbid framing and inline scripts', () => {
    expect(SPA_SECURITY_HEADERS['content-security-policy']).toMatch(/frame-ancestors 'none'/);
    expect(SPA_SECURITY_HEADERS['content-security-policy']).toMatch(/script-src 'self'(;|$)/);
    expect(SPA_SECURITY_HEADERS['x-frame-options']).toBe('DENY');
    expect(SPA_SECURITY_HEADERS['x-content-type-options']).toBe('nosniff');
  });
});

describe('the one inline style the CSP allows', () => {
  it('is the text the installed react-aria injects, under the hash the CSP names', async () => {
    const { createHash } = await import('node:crypto');
    const { REACT_ARIA_PRESSABLE_STYLE, REACT_ARIA_PRESSABLE_STYLE_HASH } = await import('./security-headers');
    const source = readFileSync('node_modules/react-aria/dist/private/interactions/usePress.mjs', 'utf8');
    expect(source).toContain('touch-action: pan-x pan-y pinch-zoom;');
    expect(source).toMatch(/@layer \{\n {2}\[\$\{[^}]+\}\] \{\n {4}touch-action: pan-x pan-y pinch-zoom;\n {2}\}\n\}/);
    expect(`'sha256-${createHash('sha256').update(REACT_ARIA_PRESSABLE_STYLE).digest('base64')}'`).toBe(REACT_ARIA_PRESSABLE_STYLE_HASH);
  });
});
