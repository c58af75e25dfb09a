import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launch, lowContrast, problems, SCREENSHOTS } from '../helpers/browser.js';
import { useServer } from '../helpers/cli.js';

// The mode=html widget as a browser shows it: in three languages (one right to left) and two unit
// systems, 200 and 400 px wide, with no request beyond the page and no console error.
const served = useServer(['--rate-limit', '0', '--now', '2026-01-15T12:00:00Z']);
let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser.close();
});

const CASES = [
  ['en', 'metric', 'ltr', '°C', 'Wind'],
  ['en', 'imperial', 'ltr', '°F', 'Wind'],
  ['de', 'metric', 'ltr', '°C', 'Wind'],
  ['de', 'imperial', 'ltr', '°F', 'Wind'],
  ['ar', 'metric', 'rtl', '°C', 'الرياح'],
  ['ar', 'imperial', 'rtl', '°F', 'الرياح'],
] as const;

describe('the widget in a browser', () => {
  it.each(CASES)('lang %s, %s units', async (lang, units, dir, symbol, wind) => {
    const page = await browser.newPage();
    const seen = problems(page);
    const requests: string[] = [];
    page.on('request', (request) => requests.push(request.url()));
    const url = `${served.server().url}/weather?lat=30.0444&lon=31.2357&units=${units}&lang=${lang}&mode=html&appid=${served.key()}`;
    for (const width of [200, 400]) {
      await page.setViewportSize({ width, height: 260 });
      await page.goto(url);
      const layout = await page.evaluate<readonly [string, number, number, string, string]>(
        `[getComputedStyle(document.body).direction, document.documentElement.scrollWidth, innerWidth,
          document.querySelector('[title="Current Temperature"]').textContent,
          document.querySelector('dt').textContent]`,
      );
      expect([layout[0], layout[1] <= layout[2], layout[3].endsWith(symbol), layout[4]]).toEqual([
        dir,
        true,
        true,
        wind,
      ]);
      await page.screenshot({ path: join(SCREENSHOTS, `widget-${lang}-${units}-${width}px.png`) });
      expect(await lowContrast(page)).toEqual([]);
    }
    expect(requests).toEqual([url, url]);
    expect(seen).toEqual([]);
    await page.close();
  });
});
