// Debian's Chromium for the page's end-to-end tests, driven by playwright-core: headless, offline, and recording every
// browser-side fault (a script error, a blocked file, a 404 or 5xx) and every key refusal (401, 403) it meets.

import assert from 'node:assert/strict';
import { existsSync, mkdirSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type BrowserContext, chromium, type Page } from 'playwright-core';
import { REPO_ROOT } from '../fixtures/data.ts';

const CHROMIUM = '/usr/bin/chromium';
/** The flags of the brief: no sandbox (root in CI), no GPU, and no connection of Chromium's own to the network. */
const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--no-first-run',
];
/** Every view is photographed here (not committed). */
const SCREENSHOTS = join(REPO_ROOT, 'test-output', 'screenshots');
/** How long a step waits for the page to show something (the first page load compiles nothing: it is built). */
const STEP_MS = 15_000;

/** One browser tab on the page, and what it met. */
export interface PageBrowser {
  page: Page;
  /** Script errors, blocked files, and answers 404 or 5xx, in order. */
  faults: string[];
  /** Answers 401 or 403 (`status path`), in order. */
  keyRefusals: string[];
  /** Opens a view of the page at `baseUrl` afresh (a new hash alone would not reload a view already open). */
  open(baseUrl: string, view: string): Promise<void>;
  /** Photographs the whole page into test-output/screenshots/NAME.png. */
  shoot(name: string): Promise<void>;
  close(): Promise<void>;
}

/** Launches Chromium with one tab; fails with what to install when Chromium or the built page is missing. */
export async function launchPageBrowser(): Promise<PageBrowser> {
  assert.ok(existsSync(CHROMIUM), `${CHROMIUM} is missing: install Debian's chromium package (.ci/run does).`);
  assert.ok(
    existsSync(join(REPO_ROOT, 'dist', 'web', 'index.html')),
    'the page is not built: run "npm run build" (npm install does)',
  );
  mkdirSync(SCREENSHOTS, { recursive: true });
  const context: BrowserContext = await chromium.launchPersistentContext(
    mkdtempSync(join(tmpdir(), 'hearth-chromium-')),
    { executablePath: CHROMIUM, headless: true, args: CHROMIUM_FLAGS, viewport: { width: 1280, height: 900 } },
  );
  const page = context.pages()[0] ?? (await context.newPage());
  page.setDefaultTimeout(STEP_MS);
  const faults: string[] = [];
  const keyRefusals: string[] = [];
  // Chromium also reports every 4xx answer on the console; the page shows those (a key to enter, a refused save), so
  // requests are judged by their status instead: a missing file or a server error is a fault.
  page.on('console', (message) => {
    const text = message.text();
    if (message.type() === 'error' && !text.startsWith('Failed to load resource')) faults.push(text);
  });
  page.on('response', (response) => {
    const status = response.status();
    if (status === 404 || status >= 500) faults.push(`${status} ${response.url()}`);
    if (status === 401 || status === 403) keyRefusals.push(`${status} ${new URL(response.url()).pathname}`);
  });
  page.on('pageerror', (error) => faults.push(error.message));
  return {
    page,
    faults,
    keyRefusals,
    open: async (baseUrl, view) => {
      await page.goto(`${baseUrl}/#/${view}`);
      await page.reload();
    },
    shoot: async (name) => {
      await page.screenshot({ path: join(SCREENSHOTS, `${name}.png`), fullPage: true });
    },
    close: () => context.close(),
  };
}

/** Polls `check` until it holds (the page saves a switch in the background). */
export async function waitUntil(check: () => Promise<boolean>): Promise<void> {
  for (let tries = 0; tries < 100; tries++) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  assert.fail('the condition never held');
}
