import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launch, lowContrast, problems, SCREENSHOTS } from '../helpers/browser.js';
import { createdKey, useServer, weather } from '../helpers/cli.js';

// The account console in a real browser (Debian's Chromium through playwright-core), against a
// real `weather serve`; the API is asked with fetch from the test, as any client would.
const served = useServer(['--rate-limit', '0']);
let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser.close();
});

function origin(): string {
  return served.server().url.replace(/\/data\/2\.5$/, '');
}

function consoleToken(): string {
  const match = /account console at \S+; sign-in token: (\S+)/.exec(served.server().stderr());
  if (!match?.[1]) throw new Error(`no token in: ${served.server().stderr()}`);
  return match[1];
}

async function apiStatus(key: string): Promise<number> {
  const response = await fetch(`${served.server().url}/weather?lat=1&lon=2&appid=${key}`);
  await response.arrayBuffer();
  return response.status;
}

/** Asks the API until it answers `status`; fails after `ms`. Returns how long it took. */
async function untilStatus(key: string, status: number, ms: number): Promise<number> {
  const started = Date.now();
  while ((await apiStatus(key)) !== status) {
    if (Date.now() - started > ms) throw new Error(`the API did not answer ${status} in ${ms} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return Date.now() - started;
}

/** The focusable controls in the order Tab reaches them, from the top of the page. */
async function tabOrder(page: Page): Promise<string[]> {
  // Runs in the page (as text: this project's TypeScript has no DOM types).
  await page.evaluate('document.activeElement?.blur()');
  const describeFocus = `(() => {
    const el = document.activeElement;
    if (!el || el === document.body) return '';
    const label = el.tagName === 'INPUT' ? '#' + el.id : el.textContent.trim();
    return el.tagName.toLowerCase() + ' ' + label;
  })()`;
  const reached: string[] = [];
  for (let i = 0; i < 30; i++) {
    await page.keyboard.press('Tab');
    const name = await page.evaluate<string>(describeFocus);
    if (name === '' || reached.includes(name)) break;
    reached.push(name);
  }
  return reached;
}

describe('the account console in a browser', () => {
  it('signs in, creates, toggles and deletes a key, refuses a POST without CSRF, signs out', async () => {
    const context = await browser.newContext({ viewport: { width: 1000, height: 700 } });
    const page = await context.newPage();
    const seen = problems(page);

    await page.goto(`${origin()}/console`);
    await page.screenshot({ path: join(SCREENSHOTS, 'console-sign-in.png'), fullPage: true });
    expect(await lowContrast(page)).toEqual([]);
    // Keyboard only: the token field, then Enter.
    await page.keyboard.press('Tab');
    await page.keyboard.type(consoleToken());
    // The sign-in page is /console too, so its URL says nothing: wait for the keys page itself.
    await Promise.all([
      page.waitForSelector('h2#keys', { timeout: 10_000 }),
      page.keyboard.press('Enter'),
    ]);
    expect(await page.locator('h2').first().textContent()).toBe('API keys');
    const [cookie] = await context.cookies();
    expect([cookie?.name, cookie?.httpOnly, cookie?.sameSite, cookie?.path]).toEqual([
      'weather_console',
      true,
      'Strict',
      '/console',
    ]);

    expect(await tabOrder(page)).toEqual([
      'button Sign out',
      'summary Reveal key default',
      'button Disable key default',
      'button Delete key default',
      'input #name',
      'button Create key',
    ]);

    await page.fill('#name', 'browser');
    await page.click('button:has-text("Create key")');
    const row = page.locator('tbody tr', { hasText: 'browser' });
    await row.locator('summary').click();
    const key = (await row.locator('details code').textContent()) ?? '';
    expect(key).toMatch(/^[0-9a-f]{32}$/);
    expect(await row.locator('td').nth(2).textContent()).toBe('Active');
    expect(await apiStatus(key)).toBe(200);
    await page.screenshot({ path: join(SCREENSHOTS, 'console-keys.png'), fullPage: true });
    expect(await lowContrast(page)).toEqual([]);

    await row.locator('button', { hasText: 'Disable' }).click();
    expect(await row.locator('td').nth(2).textContent()).toBe('Inactive');
    expect(await untilStatus(key, 401, 1000)).toBeLessThanOrEqual(1000);
    await row.locator('button', { hasText: 'Enable' }).click();
    expect(await row.locator('td').nth(2).textContent()).toBe('Active');
    expect(await untilStatus(key, 200, 1000)).toBeLessThanOrEqual(1000);

    // The other way round: the command line changes the key, the page shows it.
    const disabled = await weather(served.home, ['keys', 'disable', key]);
    expect(disabled.code).toBe(0);
    await page.reload();
    expect(await row.locator('td').nth(2).textContent()).toBe('Inactive');

    // A POST with the session's cookie but without its CSRF token changes nothing.
    const forged = await fetch(`${origin()}/console/keys/status`, {
      method: 'POST',
      headers: {
        cookie: `${cookie?.name}=${cookie?.value}`,
        'content-type': 'application/x-www-form-urlencoded',
      },
      body: new URLSearchParams({ key, status: 'active' }).toString(),
      redirect: 'manual',
    });
    expect(forged.status).toBe(403);
    await page.reload();
    expect(await row.locator('td').nth(2).textContent()).toBe('Inactive');

    await row.locator('button', { hasText: 'Delete' }).click();
    expect(await page.locator('h2').textContent()).toBe('Delete key browser?');
    await page.screenshot({ path: join(SCREENSHOTS, 'console-delete.png'), fullPage: true });
    await page.click('button:has-text("Delete key")');
    expect(await page.locator('[role=status]').textContent()).toBe(
      `Deleted key browser (${key.slice(0, 4)}${'*'.repeat(24)}${key.slice(-4)}).`,
    );
    expect(await page.locator('tbody tr').count()).toBe(1);
    expect(await apiStatus(key)).toBe(401);
    expect(await apiStatus(createdKey(served.server().stderr()))).toBe(200);

    await page.click('button:has-text("Sign out")');
    expect(await page.locator('h2').textContent()).toBe('Sign in');
    expect(await context.cookies()).toEqual([]);
    expect(seen).toEqual([]);
    await context.close();
  });
});
