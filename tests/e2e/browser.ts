import { existsSync, mkdirSync } from 'node:fs';
import { type Browser, type BrowserContextOptions, chromium, type Page } from 'playwright-core';
import { onTestFailed } from 'vitest';

/** Debian's Chromium: the whole browser, for what only it has (the PDF viewer). */
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
/**
 * Debian's build of Chromium's old headless shell (package chromium-headless-shell), what Playwright
 * runs headless by default: the same engine without the browser's UI layers, about half the CPU per
 * page load of `chromium --headless` (docs/decisions/040). The whole browser when it is not installed.
 */
const SHELL = '/usr/bin/chromium-headless-shell';
export const HEADLESS_CHROMIUM = process.env.CHROMIUM_HEADLESS_PATH ?? (existsSync(SHELL) ? SHELL : CHROMIUM);
export const ARTIFACTS = 'tests/e2e/artifacts';

/**
 * Every browser context is its own visitor with its own client address. The e2e server counts
 * sign-in codes, verifications and registrations per client IP, and dozens of tests
 * signing in from one loopback socket would share, and exhaust, one budget. The server trusts
 * `x-real-ip` for this run only (TRUST_PROXY in global-setup.ts), as it would behind a real proxy;
 * the limits themselves are tested through the API. Addresses are in 198.18.0.0/15 (benchmarking),
 * from a random start per test file, since each file runs in its own process.
 */
let visitors = Math.floor(Math.random() * 60_000);
export const VISITOR_IP_HEADER = 'x-real-ip';
export function nextVisitorIp(): string {
  const n = ++visitors;
  return `198.${18 + ((n >> 16) & 1)}.${(n >> 8) & 255}.${n & 255}`;
}
// Reduced motion: skeleton shimmers and spinners stand still, so a page waiting on a job draws no
// frames. Motion is decoration here, and the tests run on two cores beside the server and its engine.
const asVisitor = (options?: BrowserContextOptions): BrowserContextOptions => ({
  reducedMotion: 'reduce',
  ...options,
  extraHTTPHeaders: { [VISITOR_IP_HEADER]: nextVisitorIp(), ...options?.extraHTTPHeaders },
});

/** Debian's headless Chromium with the flags this network needs (no background calls to Google); each context a visitor of its own. */
export async function launchBrowser(): Promise<Browser> {
  if (!existsSync(HEADLESS_CHROMIUM)) {
    throw new Error(`Chromium not found at ${HEADLESS_CHROMIUM}: apt-get install -y chromium chromium-headless-shell fonts-noto-cjk`);
  }
  const browser = await launchChromium();
  const newContext = browser.newContext.bind(browser);
  const newPage = browser.newPage.bind(browser);
  browser.newContext = (options) => newContext(asVisitor(options));
  browser.newPage = (options) => newPage(asVisitor(options));
  return browser;
}

function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: HEADLESS_CHROMIUM,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
}

/**
 * Waits until the page stands still: web fonts loaded and no finite CSS animation or transition
 * running (a modal sliding in, a toast fading). Endless ones (spinners, skeleton pulses) are not
 * waited for. Use it before a screenshot or an audit instead of a fixed pause.
 */
export async function settled(page: Page) {
  await page.evaluate(async () => {
    await document.fonts.ready;
  });
  await page.waitForFunction(
    () => document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity),
    undefined,
    { polling: 'raf' },
  );
}

/**
 * Screenshots land in tests/e2e/artifacts (gitignored) for a human to look at; not taken when CI=true
 * unless E2E_SCREENSHOTS=1.
 */
const SCREENSHOTS = process.env.E2E_SCREENSHOTS ? process.env.E2E_SCREENSHOTS === '1' : !process.env.CI;
export async function snap(page: Page, name: string) {
  // On CI nobody looks at them, and each costs the browser a repaint and a PNG (a few % of the run).
  if (!SCREENSHOTS) return;
  mkdirSync(ARTIFACTS, { recursive: true });
  await page.screenshot({ path: `${ARTIFACTS}/${name}.png`, fullPage: false });
}

/** Reads the latest sign-in code the dev mailbox received for `email`. */
async function mailbox(baseUrl: string, email: string) {
  const res = await fetch(`${baseUrl}/api/dev/mailbox?email=${encodeURIComponent(email)}`);
  return ((await res.json()) as { messages: { text: string; sentAt: string }[] }).messages;
}

/** When the newest mail to `email` was sent (the epoch when none was): pass it to readCode as `after`. */
export async function newestMailAt(baseUrl: string, email: string): Promise<string> {
  return (await mailbox(baseUrl, email))[0]?.sentAt ?? new Date(0).toISOString();
}

/**
 * The code in the newest mail to `email`. With `after`, waits for a mail sent later than that: an
 * address that already got a code would otherwise hand back the old one while the new mail is still
 * on its way (seen under load: the returning buyer typed the first sign-in's spent code).
 */
export async function readCode(baseUrl: string, email: string, { after }: { after?: string } = {}): Promise<string> {
  for (let i = 0; i < 100; i++) {
    const [newest] = await mailbox(baseUrl, email);
    const code = newest && (!after || newest.sentAt > after) ? newest.text.match(/\b(\d{6})\b/)?.[1] : undefined;
    if (code) return code;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`no new code mailed to ${email}`);
}

/** Signs in through the header's modal with a code read from the dev mailbox. */
export async function signInThroughModal(page: Page, baseUrl: string, email: string) {
  await page
    .getByRole('button', { name: /^sign in$/i })
    .first()
    .click();
  await completeEmailSignIn(page, baseUrl, email);
}

/** From the login flow's first step (modal or /login page): e-mail, mailed code, signed in. */
/** The e-mail code sign-in's controls, by the page's language. */
const SIGN_IN = {
  en: {
    continue: /continue with e-?mail/i,
    email: /e-?mail/i,
    send: /send code/i,
    code: /verification code/i,
    verify: /verify and sign in/i,
    logout: /log ?out/i,
  },
  'zh-Hant': { continue: '使用電子郵件繼續', email: '電子郵件', send: '發送驗證碼', code: '驗證碼', verify: '驗證並登入', logout: '登出' },
} as const;

export async function completeEmailSignIn(page: Page, baseUrl: string, email: string, lang: keyof typeof SIGN_IN = 'en') {
  const say = SIGN_IN[lang];
  await page.getByRole('button', { name: say.continue }).click();
  await page.getByRole('textbox', { name: say.email }).fill(email);
  const after = await newestMailAt(baseUrl, email);
  await page.getByRole('button', { name: say.send }).click();
  const code = await readCode(baseUrl, email, { after });
  await page.getByRole('textbox', { name: say.code }).fill(code);
  await page.getByRole('button', { name: say.verify }).click();
  await page.getByRole('button', { name: say.logout }).first().waitFor();
}

/** From the login flow's first step (modal or /login page): the password step, Create account. */
export async function registerWithPassword(page: Page, account: { name: string; email: string; password: string }) {
  await page.getByRole('button', { name: /use a password/i }).click();
  await page.getByRole('tab', { name: /create account/i }).click();
  await page.getByRole('textbox', { name: /username/i }).fill(account.name);
  await page.getByRole('textbox', { name: /e-?mail/i }).fill(account.email);
  await page.getByLabel(/^password$/i).fill(account.password);
  await page.getByRole('button', { name: /^create account$/i }).click();
  await page
    .getByRole('button', { name: /log ?out/i })
    .first()
    .waitFor();
}

/** From the login flow's first step: the password step, Sign in (waits for the signed-in header unless told not to). */
export async function signInWithPassword(page: Page, email: string, password: string, { expectSuccess = true } = {}) {
  await page.getByRole('button', { name: /use a password/i }).click();
  await page.getByRole('textbox', { name: /e-?mail/i }).fill(email);
  await page.getByLabel(/^password$/i).fill(password);
  await page
    .getByRole('tabpanel')
    .getByRole('button', { name: /^sign in$/i })
    .click();
  if (expectSuccess)
    await page
      .getByRole('button', { name: /log ?out/i })
      .first()
      .waitFor();
}

/** Signs in through the API (e-mail code from the dev mailbox): the token and user the SPA keeps in localStorage. */
export async function signInByApi(baseUrl: string, email: string): Promise<{ token: string; user: unknown }> {
  const visitor = nextVisitorIp();
  const post = (path: string, body: unknown) =>
    fetch(`${baseUrl}/api${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', [VISITOR_IP_HEADER]: visitor },
      body: JSON.stringify(body),
    });
  const sent = await post('/auth/login/send-code', { email });
  if (!sent.ok) throw new Error(`send-code ${sent.status}: ${await sent.text()}`);
  const verified = await post('/auth/login/verify-code', { email, verificationCode: await readCode(baseUrl, email) });
  if (!verified.ok) throw new Error(`verify-code ${verified.status}: ${await verified.text()}`);
  const { token, user } = (await verified.json()) as { token: string; user: unknown };
  return { token, user };
}

/** A browser context that starts signed in as `session` (or signed out) and in `lang`. */
export async function contextFor(
  browser: Browser,
  options: {
    viewport: { width: number; height: number };
    lang: 'en' | 'zh-Hant';
    session?: { token: string; user: unknown };
    bypassCSP?: boolean;
  },
) {
  const context = await browser.newContext({ viewport: options.viewport, bypassCSP: options.bypassCSP });
  await context.addInitScript(
    ({ lang, session }) => {
      localStorage.setItem('lang', lang);
      if (session) {
        localStorage.setItem('token', session.token);
        localStorage.setItem('user', JSON.stringify(session.user));
      }
    },
    { lang: options.lang, session: options.session },
  );
  return context;
}

/**
 * A page in `lang` (kept if the page later changes it) at `viewport`, a phone at 2× pixels, downloads
 * allowed; page errors are collected in `failures`, and a failing test leaves a screenshot. `clock`
 * installs Playwright's clock before the first navigation, so the test can move the page's timers on.
 */
export async function watchedPage(
  browser: Browser,
  lang: 'en' | 'zh-Hant',
  viewport: { width: number; height: number },
  { clock = false }: { clock?: boolean } = {},
) {
  const context = await browser.newContext({ viewport, deviceScaleFactor: viewport.width < 600 ? 2 : 1, acceptDownloads: true });
  await context.addInitScript((l) => {
    if (!localStorage.getItem('lang')) localStorage.setItem('lang', l);
  }, lang);
  if (clock) await context.clock.install();
  const page = await context.newPage();
  const failures: string[] = [];
  page.on('pageerror', (error) => failures.push(String(error)));
  onTestFailed(async ({ task }) => {
    await snap(page, `failed-${task.name.slice(0, 40).replace(/\W+/g, '-')}`).catch(() => undefined);
  });
  return { context, page, failures };
}
