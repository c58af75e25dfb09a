import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { ROOT } from './cli.js';

/** Debian's Chromium (`apt-get install chromium`; .ci/run installs it), never a download. */
export const CHROMIUM = '/usr/bin/chromium';
export const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** Where the browser tests write their screenshots (git-ignored). */
export const SCREENSHOTS = join(ROOT, 'reports', 'screenshots');

export async function launch(): Promise<Browser> {
  mkdirSync(SCREENSHOTS, { recursive: true });
  return chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_FLAGS, timeout: 30_000 });
}

/**
 * Everything that went wrong in a page: console errors, uncaught exceptions, failed requests and
 * answers of 400 or more. A test ends by expecting it to be empty.
 */
export function problems(page: Page): string[] {
  const seen: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') seen.push(`console: ${message.text()}`);
  });
  page.on('pageerror', (error) => seen.push(`page error: ${error.message}`));
  page.on('requestfailed', (request) =>
    seen.push(`failed: ${request.url()} ${request.failure()?.errorText ?? ''}`),
  );
  page.on('response', (response) => {
    if (response.status() >= 400) seen.push(`${response.status()}: ${response.url()}`);
  });
  return seen;
}

/**
 * Text whose contrast with its background is under WCAG 2.2 AA's 4.5:1 (all text here is
 * normal-sized), as `ratio text` lines; computed in the page from the styles in effect.
 */
export async function lowContrast(page: Page): Promise<string[]> {
  return page.evaluate<string[]>(`(() => {
    const rgb = (text) => (text.match(/[\\d.]+/g) || []).map(Number);
    const luminance = ([r, g, b]) => {
      const c = [r, g, b].map((v) => { v /= 255; return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4; });
      return 0.2126 * c[0] + 0.7152 * c[1] + 0.0722 * c[2];
    };
    const background = (el) => {
      for (; el; el = el.parentElement) {
        const [r, g, b, a = 1] = rgb(getComputedStyle(el).backgroundColor);
        if (a > 0) return [r, g, b];
      }
      return [255, 255, 255];
    };
    const low = [];
    for (const el of document.body.querySelectorAll('*')) {
      const own = [...el.childNodes].filter((n) => n.nodeType === 3).map((n) => n.textContent.trim()).join(' ');
      if (own === '' || el.closest('.visually-hidden')) continue;
      const [fg, bg] = [luminance(rgb(getComputedStyle(el).color)), luminance(background(el))];
      const ratio = (Math.max(fg, bg) + 0.05) / (Math.min(fg, bg) + 0.05);
      if (ratio < 4.5) low.push(ratio.toFixed(2) + ' ' + own);
    }
    return low;
  })()`);
}
