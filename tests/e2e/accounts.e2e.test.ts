import sharp from 'sharp';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, expect, inject, it, onTestFailed } from 'vitest';
import { apiClient, openSignedIn } from './api-client';
import { launchBrowser, readCode, registerWithPassword, settled, signInWithPassword, snap } from './browser';

const baseUrl = inject('baseUrl');
const googleUser = inject('googleUser');
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

const DESKTOP = { width: 1440, height: 900 };
const PHONE = { width: 390, height: 844 };
const PASSWORD = 'correct horse battery';

/**
 * Every test makes the accounts it needs: through the API, from a client address of
 * its own, so no test depends on another having run first or on a shared per-IP budget.
 */
async function newPasswordAccount(label: string) {
  const email = `${label}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;
  await apiClient(baseUrl).register({ name: 'Pat Party', email, password: PASSWORD });
  return { email };
}

/** Fails the test on any uncaught page error (a broken screen is not a passing one); snaps the screen on failure. */
function watchErrors(page: Page) {
  const failures: string[] = [];
  page.on('pageerror', (error) => failures.push(String(error)));
  onTestFailed(async ({ task }) => {
    await snap(page, `failed-${task.name.slice(0, 40).replace(/\W+/g, '-')}`).catch(() => undefined);
  });
  return failures;
}

/** Server-bound checks get time: the password KDF is slow on purpose and the machine is shared. */
const eventually = <T>(fn: () => T | Promise<T>) => expect.poll(fn, { timeout: 15_000 });

const token = (page: Page) => page.evaluate(() => localStorage.getItem('token'));
const pathOf = (page: Page) => new URL(page.url()).pathname + new URL(page.url()).search;

/** A small, real PNG: a violet-to-amber diagonal with a white disc, so it is visibly an avatar. */
async function avatarPng(): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="96" height="96"><defs><linearGradient id="g" x2="1" y2="1"><stop offset="0" stop-color="#7c3aed"/><stop offset="1" stop-color="#f59e0b"/></linearGradient></defs><rect width="96" height="96" fill="url(#g)"/><circle cx="48" cy="40" r="18" fill="#fff"/><rect x="20" y="64" width="56" height="30" rx="15" fill="#fff"/></svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

/**
 * Picks a file through the real "Change avatar" button and the browser's file chooser. The chooser
 * event is awaited without a budget of its own (`timeout: 0`): the test's timeout is the only limit,
 * so a slow machine waits longer instead of failing at a fixed 30 s.
 */
async function chooseAvatar(page: Page, file: { name: string; mimeType: string; buffer: Buffer }) {
  const [chooser] = await Promise.all([
    page.waitForEvent('filechooser', { timeout: 0 }),
    page.getByRole('button', { name: /change avatar/i }).click(),
  ]);
  await chooser.setFiles(file);
}

/**
 * Enter on the focused "Change avatar" button opens the chooser. The "Profile updated" toast going away
 * is the event that says the re-render after the rename is over (before it, CI saw focus and Enter land
 * on the body); `locator.press` then focuses and presses in one step, and the chooser is awaited as above.
 */
async function fileChooserByKeyboard(page: Page) {
  await page.getByText('Profile updated').waitFor({ state: 'hidden', timeout: 0 });
  const [chooser] = await Promise.all([
    page.waitForEvent('filechooser', { timeout: 0 }),
    page.getByRole('button', { name: /change avatar/i }).press('Enter'),
  ]);
  return chooser;
}

async function naturalWidth(page: Page, testId: string) {
  return page.getByTestId(testId).evaluate((img: HTMLImageElement) => (img.complete ? img.naturalWidth : 0));
}

for (const [device, viewport] of [
  ['desktop', DESKTOP],
  ['phone', PHONE],
] as const) {
  it(`${device}: password register → rename → avatar → logout → password login keeps both; a wrong password is refused`, async () => {
    const context = await browser.newContext({ viewport, deviceScaleFactor: device === 'phone' ? 2 : 1 });
    const page = await context.newPage();
    const failures = watchErrors(page);
    const email = `pw-${device}-${Date.now()}@example.com`;

    // Desktop starts on /login, the phone from the header's Sign In (the modal): both share the flow.
    if (device === 'desktop') await page.goto(`${baseUrl}/login`);
    else {
      await page.goto(baseUrl);
      await page
        .getByRole('button', { name: /^sign in$/i })
        .first()
        .click();
    }
    await page.getByRole('button', { name: /continue with google/i }).waitFor();
    await snap(page, `accounts-${device}-1-initial`);

    // The shared schemas refuse a short password before anything is sent.
    await page.getByRole('button', { name: /use a password/i }).click();
    await page.getByRole('tab', { name: /create account/i }).click();
    await page.getByRole('textbox', { name: /username/i }).fill('Pat Password');
    await page.getByRole('textbox', { name: /e-?mail/i }).fill(email);
    await page.getByLabel(/^password$/i).fill('short');
    await page.getByRole('button', { name: /^create account$/i }).click();
    await eventually(() => page.getByText('Password must be at least 8 characters').isVisible()).toBe(true);
    await page.getByRole('button', { name: /show password/i }).click();
    expect(await page.getByLabel(/^password$/i).getAttribute('type')).toBe('text');
    expect(await page.getByLabel(/^password$/i).getAttribute('autocomplete')).toBe('new-password');
    await snap(page, `accounts-${device}-2-register-invalid`);
    await page.getByRole('button', { name: /back/i }).click();

    await registerWithPassword(page, { name: 'Pat Password', email, password: PASSWORD });
    expect(await token(page)).toMatch(/^ey/);
    if (device === 'desktop') expect(pathOf(page)).toBe('/');
    await snap(page, `accounts-${device}-3-registered`);

    // Profile, loaded fresh; rename.
    await page.getByRole('link', { name: /^my profile:/i }).click();
    const nameField = page.getByRole('textbox', { name: /username/i });
    await nameField.waitFor();
    expect(await nameField.inputValue()).toBe('Pat Password');
    await page.getByRole('button', { name: /^save$/i }).click();
    await eventually(() => page.getByText('No changes detected').isVisible()).toBe(true);
    const renamed = `Pat ${device === 'desktop' ? 'Desk' : 'Phone'} Renamed`;
    await nameField.fill(renamed);
    await page.getByRole('button', { name: /^save$/i }).click();
    await eventually(() => page.getByText('Profile updated').isVisible()).toBe(true);
    expect(await page.getByRole('link', { name: /^my profile:/i }).textContent()).toContain(renamed);

    // Avatar: client-side checks first (no request), then a real upload.
    // By keyboard: focus the control, Enter opens the file chooser.
    const chooser = await fileChooserByKeyboard(page);
    await chooser.setFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('not an image') });
    await eventually(() => page.getByText('Please select a valid image file (JPG, PNG, GIF, WebP)').isVisible()).toBe(true);
    await chooseAvatar(page, { name: 'huge.png', mimeType: 'image/png', buffer: Buffer.alloc(5 * 1024 * 1024 + 1) });
    await eventually(() => page.getByText('File size cannot exceed 5MB').isVisible()).toBe(true);
    await snap(page, `accounts-${device}-4-avatar-rejected`);
    expect(await page.getByTestId('header-avatar-letter').textContent()).toBe('P');

    await chooseAvatar(page, { name: 'me.png', mimeType: 'image/png', buffer: await avatarPng() });
    await eventually(() => page.getByText('Avatar updated').isVisible()).toBe(true);
    // The header swaps the letter for the new picture at once, and it really loads.
    await eventually(() => naturalWidth(page, 'header-avatar')).toBeGreaterThan(0);
    await eventually(() => naturalWidth(page, 'profile-avatar')).toBeGreaterThan(0);
    const avatarUrl = await page.getByTestId('header-avatar').getAttribute('src');
    expect(avatarUrl).toBeTruthy();
    expect(await page.getByTestId('profile-avatar').getAttribute('src')).toBe(avatarUrl);
    await snap(page, `accounts-${device}-5-avatar-uploaded`);

    // Logout, then back in with the password: the name and the avatar are the server's, not a cache.
    await page
      .getByRole('button', { name: /log ?out/i })
      .first()
      .click();
    await page
      .getByRole('button', { name: /^sign in$/i })
      .first()
      .waitFor();
    expect(await token(page)).toBeNull();
    await page.goto(`${baseUrl}/login`);

    await signInWithPassword(page, email, 'wrong password here', { expectSuccess: false });
    await eventually(() => page.getByText('Incorrect e-mail or password').isVisible()).toBe(true);
    expect(await page.getByLabel(/^password$/i).getAttribute('autocomplete')).toBe('current-password');
    expect(await token(page)).toBeNull();
    await snap(page, `accounts-${device}-6-wrong-password`);

    // Where a 401 left the user (spec §8): /login returns there after signing in.
    await page.evaluate(() => sessionStorage.setItem('google_auth_return_url', '/personal-center/profile'));
    await page.getByLabel(/^password$/i).fill(PASSWORD);
    await page
      .getByRole('tabpanel')
      .getByRole('button', { name: /^sign in$/i })
      .click();
    await page
      .getByRole('button', { name: /log ?out/i })
      .first()
      .waitFor();
    await page.waitForURL(`${baseUrl}/personal-center/profile`);
    await eventually(() => naturalWidth(page, 'header-avatar')).toBeGreaterThan(0);
    expect(await page.getByTestId('header-avatar').getAttribute('src')).toBe(avatarUrl);
    expect(await page.getByRole('link', { name: /^my profile:/i }).textContent()).toContain(renamed);
    await eventually(() => page.getByRole('textbox', { name: /username/i }).inputValue()).toBe(renamed);
    await snap(page, `accounts-${device}-7-signed-in-again`);
    expect(failures).toEqual([]);
    await context.close();
  });
}

it('avatar upload can be cancelled, and a failed profile load offers Retry', async () => {
  const context = await browser.newContext({ viewport: DESKTOP });
  const page = await context.newPage();
  const failures = watchErrors(page);
  const account = await newPasswordAccount('avatar-cancel');
  await page.goto(`${baseUrl}/login`);
  await signInWithPassword(page, account.email, PASSWORD);

  // The first GET /users/me of the profile tab fails with a 500; Retry loads it.
  let failNext = true;
  await page.route('**/api/users/me', async (route) => {
    if (route.request().method() === 'GET' && failNext) {
      failNext = false;
      return route.fulfill({
        status: 500,
        contentType: 'application/json',
        body: JSON.stringify({ success: false, error: { code: 'INTERNAL', message: 'boom' } }),
      });
    }
    return route.fallback();
  });
  await page.goto(`${baseUrl}/personal-center/profile`);
  await eventually(() => page.getByText('Server error, please try again later').isVisible()).toBe(true);
  await snap(page, 'accounts-profile-load-error');
  await page.getByRole('button', { name: /retry/i }).click();
  await page.getByRole('textbox', { name: /username/i }).waitFor();

  // An upload held by the network can be cancelled; the old avatar stays.
  const before = await page.getByTestId('profile-avatar').getAttribute('src');
  let release: () => void = () => {};
  await page.route('**/api/users/me/avatar', async (route) => {
    await new Promise<void>((resolve) => (release = resolve));
    await route.continue().catch(() => undefined);
  });
  await chooseAvatar(page, { name: 'slow.png', mimeType: 'image/png', buffer: await avatarPng() });
  await page.getByRole('button', { name: /cancel upload/i }).waitFor();
  await snap(page, 'accounts-avatar-uploading');
  await page.getByRole('button', { name: /cancel upload/i }).click();
  await eventually(() => page.getByText('Avatar upload cancelled').isVisible()).toBe(true);
  release();
  await page.getByRole('button', { name: /change avatar/i }).waitFor();
  expect(await page.getByTestId('profile-avatar').getAttribute('src')).toBe(before);
  expect(failures).toEqual([]);
  await context.close();
});

it('a start-up check that cannot reach the server keeps the session; a refused token ends it', async () => {
  const context = await browser.newContext({ viewport: DESKTOP });
  const page = await context.newPage();
  const failures = watchErrors(page);
  const session = await apiClient(baseUrl).signInByCode(`startup-check-${Date.now()}@example.com`);
  await openSignedIn(page, baseUrl, session, '/api/health');

  // Every GET /users/me fails: first the network, then a 503. Neither says the token is bad.
  let answer: 'offline' | 503 | 401 = 'offline';
  await page.route('**/api/users/me', (route) => {
    if (route.request().method() !== 'GET') return route.fallback();
    if (answer === 'offline') return route.abort('internetdisconnected');
    return route.fulfill({
      status: answer,
      contentType: 'application/json',
      body: JSON.stringify({ success: false, error: { code: answer === 401 ? 'UNAUTHORIZED' : 'INTERNAL', message: 'no' } }),
    });
  });
  for (const next of ['offline', 503] as const) {
    answer = next;
    await page.goto(`${baseUrl}/pricing`);
    await page.getByTestId('header-credits').first().waitFor();
    await page.waitForLoadState('networkidle');
    expect(await token(page), `after ${next}`).toBe(session.token);
  }

  // The server refusing the token is the check failing: signed out, at /login (spec §8).
  answer = 401;
  await page.goto(`${baseUrl}/pricing`);
  await page.waitForURL(/\/login/);
  await eventually(() => token(page)).toBeNull();
  expect(failures).toEqual([]);
  await context.close();
});

it('Google: Continue with Google on /login signs in through the OIDC server and lands back signed in', async () => {
  const context = await browser.newContext({ viewport: DESKTOP });
  const page = await context.newPage();
  const failures = watchErrors(page);
  const exchanges: string[] = [];
  page.on('request', (request) => {
    if (request.url().endsWith('/api/auth/google/oauth2')) exchanges.push(request.method());
  });
  const visited: string[] = [];
  page.on('request', (request) => {
    if (request.isNavigationRequest()) visited.push(new URL(request.url()).pathname);
  });

  await page.goto(`${baseUrl}/login`);
  await page.getByRole('button', { name: /continue with google/i }).click();
  await page
    .getByRole('button', { name: /log ?out/i })
    .first()
    .waitFor({ timeout: 20_000 });
  expect(pathOf(page)).toBe('/');
  expect(await token(page)).toMatch(/^ey/);
  expect(await page.getByRole('link', { name: /^my profile:/i }).textContent()).toContain(googleUser.name);
  expect(exchanges).toEqual(['POST']);
  // It went out to the provider and came back through the registered redirect URI.
  expect(visited).toContain('/authorize');
  expect(visited).toContain('/oauth2/callback');
  await snap(page, 'accounts-google-signed-in');

  // From a page with a query, through the modal: back on the same page afterwards.
  await page
    .getByRole('button', { name: /log ?out/i })
    .first()
    .click();
  await page.goto(`${baseUrl}/showcase?from=e2e`);
  await page
    .getByRole('button', { name: /^sign in$/i })
    .first()
    .click();
  // Hold the code exchange a moment to see the "Signing you in…" screen. The gate exists before the
  // request does: the screen can show before the exchange leaves, and a release made then must hold.
  let release: () => void = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/auth/google/oauth2', async (route) => {
    await released;
    await route.continue();
  });
  await page.getByRole('button', { name: /continue with google/i }).click();
  await page.getByText('Signing you in…').waitFor({ timeout: 20_000 });
  await snap(page, 'accounts-google-signing-in');
  release();
  await page
    .getByRole('button', { name: /log ?out/i })
    .first()
    .waitFor({ timeout: 20_000 });
  expect(pathOf(page)).toBe('/showcase?from=e2e');
  await page.getByRole('link', { name: /^my profile:/i }).click();
  await eventually(() => page.getByRole('textbox', { name: /e-?mail/i }).inputValue()).toBe(googleUser.email);
  await eventually(() => page.getByText('Google', { exact: true }).isVisible()).toBe(true);
  expect(failures).toEqual([]);
  await context.close();
});

it('Google: a cancelled, failed or empty return explains itself on /login with the session cleared', async () => {
  const context = await browser.newContext({ viewport: PHONE, deviceScaleFactor: 2 });
  const page = await context.newPage();
  const failures = watchErrors(page);
  await page.goto(baseUrl);
  await page.evaluate(() => localStorage.setItem('token', 'stale-token'));

  // A deployment without Google does not offer it: no button, no "or" before the e-mail choices.
  await page.route('**/api/auth/google/config', (route) =>
    route.fulfill({ contentType: 'application/json', body: JSON.stringify({ success: true, enabled: false, clientId: null }) }),
  );
  await page.goto(`${baseUrl}/login`);
  await page.getByRole('button', { name: /continue with e-mail/i }).waitFor();
  await eventually(() => page.getByRole('button', { name: /google/i }).count()).toBe(0);
  await snap(page, 'accounts-google-not-configured-phone');
  await page.unroute('**/api/auth/google/config');

  await page.goto(`${baseUrl}/oauth2/redirect?error=access_denied`);
  await page.waitForURL(`${baseUrl}/login`);
  await eventually(() => page.getByText(/you cancelled the google authorization/i).isVisible()).toBe(true);
  expect(await token(page)).toBeNull();
  await snap(page, 'accounts-google-cancelled-phone');

  await page.goto(`${baseUrl}/oauth2/callback?error=server_error&error_description=${encodeURIComponent('The provider is down')}`);
  await page.waitForURL(`${baseUrl}/login`);
  await eventually(() => page.getByText('Google sign-in failed: The provider is down').isVisible()).toBe(true);

  await page.goto(`${baseUrl}/oauth2/redirect`);
  await page.waitForURL(`${baseUrl}/login`);
  await eventually(() => page.getByText(/did not return an authorization code/i).isVisible()).toBe(true);

  // Signed in for real, then a code this browser never started (no flow cookie): the server
  // refuses it, the session is cleared and the user is told.
  const api = apiClient(baseUrl);
  const { email } = await newPasswordAccount('forged-google');
  const signedIn = (await api.call<{ token: string; user: unknown }>('POST', '/api/auth/login', { json: { email, password: PASSWORD } }))
    .body;
  await page.evaluate(({ token, user }) => {
    localStorage.setItem('token', token);
    localStorage.setItem('user', JSON.stringify(user));
  }, signedIn);
  await page.goto(`${baseUrl}/oauth2/callback?code=forged-code&state=${'s'.repeat(43)}`);
  await page.waitForURL(`${baseUrl}/login`);
  await eventually(() => page.getByText(/^Google sign-in failed:/).isVisible()).toBe(true);
  await snap(page, 'accounts-google-failed-phone');
  expect(await token(page)).toBeNull();
  expect(failures).toEqual([]);
  await context.close();
});

it('a purchase started signed out continues after a password sign-in in the modal', async () => {
  const context = await browser.newContext({ viewport: DESKTOP });
  const page = await context.newPage();
  const failures = watchErrors(page);
  const account = await newPasswordAccount('purchase-continues');
  await page.goto(`${baseUrl}/pricing`);
  await page
    .getByRole('button', { name: /^(subscribe|buy now)$/i })
    .first()
    .click();
  await page
    .getByRole('dialog')
    .getByRole('button', { name: /use a password/i })
    .waitFor();
  await signInWithPassword(page, account.email, PASSWORD);
  await eventually(() => page.getByRole('heading', { name: /choose a payment method/i }).isVisible()).toBe(true);
  expect(pathOf(page)).toBe('/pricing');
  await snap(page, 'accounts-purchase-continues');
  expect(failures).toEqual([]);
  await context.close();
});

it('forgot password: a mailed code and a new password sign in; the old password then fails', async () => {
  const { email } = await newPasswordAccount('forgetful');
  const context = await browser.newContext({ viewport: DESKTOP });
  const page = await context.newPage();
  const failures = watchErrors(page);
  await page.goto(`${baseUrl}/login`);
  await page.getByRole('button', { name: /use a password/i }).click();
  await page.getByRole('button', { name: /forgot password/i }).click();
  await page.getByRole('heading', { name: /reset your password/i }).waitFor();
  await page.getByRole('textbox', { name: /e-?mail/i }).fill(email);
  await page.getByRole('button', { name: /send reset code/i }).click();
  await page
    .getByRole('status')
    .filter({ hasText: /reset code is on its way/i })
    .waitFor();
  await page.getByRole('textbox', { name: /reset code/i }).fill(await readCode(baseUrl, email));
  await page.getByLabel(/^new password$/i).fill('brand new secret 42');
  await snap(page, 'accounts-password-reset');
  await page.getByRole('button', { name: /set new password and sign in/i }).click();
  await page
    .getByRole('button', { name: /log ?out/i })
    .first()
    .waitFor();
  expect((await apiClient(baseUrl).call('POST', '/api/auth/login', { json: { email, password: PASSWORD } })).status).toBe(401);
  expect(failures).toEqual([]);
  await context.close();
});

it('zh-Hant: the login modal and its password step are in Traditional Chinese', async () => {
  const context = await browser.newContext({ viewport: PHONE, deviceScaleFactor: 2 });
  const page = await context.newPage();
  const failures = watchErrors(page);
  const account = await newPasswordAccount('zh-wrong-password');
  // Before any app script runs: the app stores its own locale once its first catalog is loaded.
  await context.addInitScript(() => localStorage.setItem('lang', 'zh-Hant'));
  await page.goto(baseUrl);
  // The first CJK render of a fresh Chromium can be slow while fontconfig warms up.
  await page.getByRole('button', { name: '登入' }).first().click({ timeout: 60_000 });
  await page.getByRole('button', { name: '使用 Google 繼續' }).waitFor();
  await snap(page, 'accounts-zh-modal-initial');
  await page.getByRole('button', { name: '使用密碼' }).click();
  await page.getByRole('tab', { name: '建立帳戶' }).click();
  await page.getByRole('button', { name: '建立帳戶', exact: true }).click();
  await eventually(() => page.getByText('使用者名稱不能為空').isVisible()).toBe(true);
  await eventually(() => page.getByText('請輸入密碼').isVisible()).toBe(true);
  await snap(page, 'accounts-zh-modal-register');
  await page.getByRole('tab', { name: '登入', exact: true }).click();
  await page.getByRole('textbox', { name: '電子郵件' }).fill(account.email);
  await page.getByLabel('密碼', { exact: true }).fill('wrong password here');
  await page.getByRole('tabpanel').getByRole('button', { name: '登入', exact: true }).click();
  await eventually(() => page.getByText('電子郵件或密碼不正確').isVisible()).toBe(true);
  await snap(page, 'accounts-zh-modal-wrong-password');
  expect(failures).toEqual([]);
  await context.close();
});

/** Signs in by e-mail code through the API (no browser), for accounts a test only needs as a party. */
const apiSignIn = (email: string) => apiClient(baseUrl).signInByCode(email);
const apiGet = async (path: string, bearer: string) =>
  (await fetch(`${baseUrl}/api${path}`, { headers: { authorization: `Bearer ${bearer}` } })).json();

/** a password sign-up's credits (and its inviter's) wait for the e-mail code. */
for (const [device, viewport, locale] of [
  ['desktop', DESKTOP, 'en'],
  ['phone', PHONE, 'zh-Hant'],
] as const) {
  it(`${device} ${locale}: password sign-up via an invite → verify banner → mailed code → credits appear, inviter paid once`, async () => {
    const inviterEmail = `inviter-${device}-${Date.now()}@example.com`;
    const inviter = await apiSignIn(inviterEmail);
    const { referralCode } = await apiGet('/referral/link', inviter.token);
    const inviterBefore = (await apiGet('/credits/balance', inviter.token)).available as number;

    const context = await browser.newContext({ viewport, deviceScaleFactor: device === 'phone' ? 2 : 1 });
    await context.addInitScript((lang) => {
      if (!localStorage.getItem('lang')) localStorage.setItem('lang', lang);
    }, locale);
    const page = await context.newPage();
    const failures = watchErrors(page);
    const zh = locale === 'zh-Hant';
    const email = `verify-${device}-${Date.now()}@example.com`;

    await page.goto(`${baseUrl}/login?ref=${referralCode}`);
    // The invitation banner is there from the first paint and only gets the inviter's name later, so
    // nothing moves under the visitor's finger (a banner inserted late made a click land one button up).
    const usePassword = page.getByRole('button', { name: zh ? '使用密碼' : /use a password/i });
    await usePassword.waitFor({ timeout: 60_000 });
    const before = await usePassword.boundingBox();
    await page.getByText(zh ? /邀請您加入 Image Studio/ : /invited you to Image Studio/).waitFor();
    expect((await usePassword.boundingBox())?.y).toBe(before?.y);
    await usePassword.click();
    await page.getByRole('tab', { name: zh ? '建立帳戶' : /create account/i }).click();
    await page.getByRole('textbox', { name: zh ? '使用者名稱' : /username/i }).fill('Vera Verify');
    await page.getByRole('textbox', { name: zh ? '電子郵件' : /e-?mail/i }).fill(email);
    await page.getByLabel(zh ? '密碼' : /^password$/i, { exact: zh }).fill(PASSWORD);
    await page.getByRole('button', { name: zh ? '建立帳戶' : /^create account$/i, exact: zh }).click();

    const banner = page.getByTestId('verify-email-banner');
    await banner.waitFor({ timeout: 15_000 });
    const title = zh
      ? '驗證您的電子郵件，即可獲得 20 點免費點數（邀請您的人也會獲得獎勵）'
      : 'Verify your e-mail to receive your 20 free credits (and give your inviter their reward)';
    await eventually(() => banner.getByRole('heading', { name: title }).isVisible()).toBe(true);
    await eventually(() => banner.getByText(email).isVisible()).toBe(true);
    // Nothing is paid before the mailbox is proven; the resend waits out the 60 s after the first code.
    await eventually(() => page.getByTestId('header-credits').textContent()).toContain('0');
    expect(await page.getByTestId('header-credits').textContent()).not.toContain('20');
    expect((await apiGet('/credits/balance', inviter.token)).available).toBe(inviterBefore);
    const resend = banner.getByRole('button', { name: zh ? /秒後可重新發送/ : /^resend in \d+s$/i });
    expect(await resend.isDisabled()).toBe(true);
    // The welcome toast (2 s) is gone before the picture.
    await page.getByRole('status').filter({ hasText: 'Vera Verify' }).waitFor({ state: 'hidden', timeout: 15_000 });
    await settled(page);
    await snap(page, `verify-${device}-${locale}-1-banner`);

    // The other language, same session: the banner is translated too.
    await page.evaluate((lang) => localStorage.setItem('lang', lang), zh ? 'en' : 'zh-Hant');
    await page.reload();
    await banner.waitFor({ timeout: 60_000 });
    await settled(page);
    await snap(page, `verify-${device}-${zh ? 'en' : 'zh-Hant'}-1-banner`);
    await page.evaluate((lang) => localStorage.setItem('lang', lang), locale);
    await page.reload();
    await banner.waitFor({ timeout: 60_000 });

    // A wrong code is refused in place; then the mailed one.
    const code = await readCode(baseUrl, email);
    const input = banner.getByRole('textbox');
    await input.fill(code === '000000' ? '111111' : '000000');
    await banner.getByRole('button', { name: zh ? '驗證' : /^verify$/i, exact: zh }).click();
    await eventually(() => banner.getByRole('alert').textContent()).toBe(
      zh ? '驗證碼不正確，請檢查後再試一次' : 'That code is not right, please check it and try again',
    );
    await snap(page, `verify-${device}-${locale}-2-wrong-code`);
    await input.fill(code);
    await banner.getByRole('button', { name: zh ? '驗證' : /^verify$/i, exact: zh }).click();
    await eventually(() => banner.isVisible()).toBe(false);
    await eventually(() => page.getByTestId('header-credits').textContent()).toContain('20');
    await snap(page, `verify-${device}-${locale}-3-verified`);

    // The new token works after a reload; the inviter was paid exactly once.
    await page.reload();
    await eventually(() => page.getByTestId('header-credits').textContent()).toContain('20');
    expect(await banner.count()).toBe(0);
    expect((await apiGet('/credits/balance', inviter.token)).available).toBe(inviterBefore + 50);
    expect(failures).toEqual([]);
    await context.close();
  }, 120_000);
}
