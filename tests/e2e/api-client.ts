import http from 'node:http';
import type { BrowserContext, Page } from 'playwright-core';
import { readCode } from './browser';

/**
 * A test's own API client with its own loopback source address (all of 127.0.0.0/8 is this machine):
 * the one e2e server counts sign-in codes and registrations per client IP, so tests that set up their
 * accounts through the API do not share, or exhaust, one budget.
 */
let clients = 0;

export interface ApiSession {
  token: string;
  user: { id: string; email: string; name: string };
}

export function apiClient(baseUrl: string) {
  const n = ++clients + Math.floor(Math.random() * 200) * 50;
  const localAddress = `127.0.${1 + Math.floor(n / 250)}.${2 + (n % 250)}`;
  const url = new URL(baseUrl);

  function call<T = unknown>(
    method: string,
    path: string,
    options: { json?: unknown; token?: string; form?: Record<string, string> } = {},
  ): Promise<{ status: number; body: T; headers: http.IncomingHttpHeaders }> {
    const body =
      options.json !== undefined ? JSON.stringify(options.json) : options.form ? new URLSearchParams(options.form).toString() : undefined;
    const headers: Record<string, string> = {};
    if (options.json !== undefined) headers['content-type'] = 'application/json';
    if (options.form) headers['content-type'] = 'application/x-www-form-urlencoded';
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    return new Promise((resolve, reject) => {
      const req = http.request({ host: url.hostname, port: url.port, path, method, headers, localAddress }, (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk) => (text += chunk));
        res.on('end', () => {
          let parsed: unknown = text;
          try {
            parsed = JSON.parse(text);
          } catch {
            // HTML (the sandbox page) or empty: keep the text
          }
          resolve({ status: res.statusCode ?? 0, body: parsed as T, headers: res.headers });
        });
      });
      req.on('error', reject);
      if (body) req.write(body);
      req.end();
    });
  }

  return {
    call,
    /** Signs in (or up) by e-mail code read from the dev mailbox. */
    async signInByCode(email: string): Promise<ApiSession> {
      const sent = await call('POST', '/api/auth/login/send-code', { json: { email } });
      if (sent.status !== 200) throw new Error(`send-code ${sent.status}: ${JSON.stringify(sent.body)}`);
      const verified = await call<ApiSession>('POST', '/api/auth/login/verify-code', {
        json: { email, verificationCode: await readCode(baseUrl, email) },
      });
      if (verified.status !== 200) throw new Error(`verify-code ${verified.status}: ${JSON.stringify(verified.body)}`);
      return verified.body;
    },
    /** A password account (its e-mail not verified yet). */
    async register(account: { name: string; email: string; password: string }): Promise<ApiSession> {
      const res = await call<ApiSession>('POST', '/api/auth/register', { json: account });
      if (res.status !== 200) throw new Error(`register ${res.status}: ${JSON.stringify(res.body)}`);
      return res.body;
    },
  };
}

/** Puts an API session into the browser as the SPA keeps it, then opens `path` signed in. */
export async function openSignedIn(page: Page, baseUrl: string, session: ApiSession, path: string) {
  // Any same-origin page gives access to the SPA's storage; the health check loads no app script.
  await page.goto(`${baseUrl}/api/health`);
  await page.evaluate(({ token, user }) => {
    localStorage.setItem('token', token);
    localStorage.setItem('user', JSON.stringify(user));
  }, session);
  await page.goto(`${baseUrl}${path}`);
}

/** Chooses the UI language before any app script runs (the app keeps it under `lang`). */
export async function useLanguage(context: BrowserContext, lang: 'en' | 'zh-Hant') {
  await context.addInitScript((l) => {
    if (!localStorage.getItem('lang')) localStorage.setItem('lang', l);
  }, lang);
}
