// The page in a real browser: Debian's Chromium, driven by playwright-core, against `hearth serve` (the real program,
// with the built page, an API key and the admin key configured) and the fake Home Assistant and a fake OpenAI model,
// each on its own loopback socket. Every view is photographed into test-output/screenshots/ (not committed).

import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { startFakeOpenAiServer, type FakeOpenAiServer } from '../fakes/backend/index.ts';
import {
  ADMIN_TOKEN,
  FIXTURE_TOKENS,
  startFakeHomeAssistant,
  type FakeHomeAssistant,
} from '../fakes/home-assistant/index.ts';
import { launchPageBrowser, type PageBrowser, waitUntil } from './page-browser.ts';
import { spawnHearth, type RunningHearth } from './spawn-hearth.ts';

const API_KEY = 'page-e2e-api-key-0123456789';
const ADMIN_KEY = 'page-e2e-admin-key-0123456789';

/** What each view says it needs while no key is entered. */
const NEEDS_ADMIN = 'This view needs the admin key (server.admin_key)';
const NEEDS_API = 'This view needs an API key (server.api_keys) or the admin key';

describe('the hearth page in Chromium, with keys configured', () => {
  let fake: FakeHomeAssistant;
  let llm: FakeOpenAiServer;
  let server: RunningHearth;
  let browser: PageBrowser;
  let page: Page;
  let dataDir: string;

  before(async () => {
    browser = await launchPageBrowser();
    page = browser.page;
    fake = await startFakeHomeAssistant({ tokens: FIXTURE_TOKENS });
    llm = await startFakeOpenAiServer({ models: ['fake-model'] });
    dataDir = join(mkdtempSync(join(tmpdir(), 'hearth-page-')), 'data');
    server = await spawnHearth(
      [
        'server:',
        `  api_keys: [${API_KEY}]`,
        `  admin_key: ${ADMIN_KEY}`,
        'models:',
        '  chat:',
        '    backend: openai',
        `    base_url: ${llm.baseUrl}`,
        '    upstream_model: fake-model',
        '    tokenizer: estimate',
        'settings:',
        '  ha_assist_text_model: chat',
        'log:',
        '  level: warn',
        '',
      ].join('\n'),
      { HEARTH__DATA_DIR: dataDir },
    );
  });
  after(async () => {
    await browser?.close();
    await server?.stop();
    await llm?.close();
    await fake?.close();
  });

  const open = (view: string) => browser.open(server.url, view);
  const shoot = (name: string) => browser.shoot(name);
  /** Waits for the alert that holds `text`. */
  const alertSaying = (text: string) => page.getByRole('alert').filter({ hasText: text }).first().waitFor();

  it('with no key entered, each view says exactly which key it needs, in its own field', async () => {
    const views: [string, string][] = [
      ['connections', NEEDS_ADMIN],
      ['limits', NEEDS_API],
      ['proposals', NEEDS_ADMIN],
      ['journal', NEEDS_ADMIN],
      ['chat', NEEDS_API],
      ['playground', NEEDS_API],
    ];
    for (const [view, need] of views) {
      await open(view);
      await alertSaying(need);
    }
    // Two fields, one per key.
    assert.equal(await page.getByLabel('API key', { exact: true }).count(), 1);
    assert.equal(await page.getByLabel('Admin key', { exact: true }).count(), 1);
    await shoot('keys-needed');
  });

  it('with the API key only, the limits read, the playground and the chat work; the admin views and saving ask for the admin key', async () => {
    await open('limits');
    await page.getByLabel('API key', { exact: true }).fill(API_KEY);
    await page.getByRole('button', { name: 'Use keys' }).click();
    await page.getByRole('status').filter({ hasText: 'API key set · admin key not set' }).waitFor();
    await page.getByRole('button', { name: 'Save limits' }).click();
    await alertSaying('Saving needs the admin key (server.admin_key)');
    for (const view of ['connections', 'proposals', 'journal']) {
      await open(view);
      await alertSaying(NEEDS_ADMIN);
    }
    await open('playground');
    await page.getByLabel('Sentence').fill('turn on the kitchen light');
    await page.getByRole('button', { name: 'Run' }).click();
    await page.getByLabel('Route').filter({ hasText: 'direct' }).waitFor();
    await open('chat');
    await page.getByLabel('Model').waitFor();
    assert.equal(await page.getByRole('alert').count(), 0, 'the chat asks for no other key');
  });

  it('takes the admin key, adds a connection, tests it, and never shows the token', async () => {
    await open('connections');
    await page.getByLabel('Admin key', { exact: true }).fill(ADMIN_KEY);
    await page.getByRole('button', { name: 'Use keys' }).click();
    await page.getByRole('status').filter({ hasText: 'API key set · admin key set' }).waitFor();
    await page.getByLabel('Name', { exact: true }).fill('home');
    await page.getByLabel('Address').fill(fake.rootUrl);
    await page.getByLabel('Token').fill(ADMIN_TOKEN);
    await page.getByRole('button', { name: 'Add connection' }).click();
    const row = page.getByRole('row').filter({ hasText: 'home' });
    await row.getByRole('status').filter({ hasText: 'Home Assistant 2025.10.1' }).waitFor();
    await page.getByLabel('Write mode: home').selectOption('ask-first');
    assert.equal(await page.getByLabel('Token').inputValue(), '', 'the token field is cleared');
    assert.ok(!(await page.content()).includes(ADMIN_TOKEN), 'the token is nowhere in the page');
    await shoot('connections');
    // The saved connection as the server has it: ask-first, enabled.
    const listed = await fetch(`${server.url}/admin/connections`, {
      headers: { authorization: `Bearer ${ADMIN_KEY}` },
    }).then((response) => response.json() as Promise<{ connections: { write_mode: string; enabled: boolean }[] }>);
    assert.deepEqual(
      listed.connections.map((c) => [c.write_mode, c.enabled]),
      [['ask-first', true]],
    );
  });

  it('disables and enables a connection', async () => {
    const enabled = async () => {
      const response = await fetch(`${server.url}/admin/connections`, {
        headers: { authorization: `Bearer ${ADMIN_KEY}` },
      });
      return ((await response.json()) as { connections: { enabled: boolean }[] }).connections[0]!.enabled;
    };
    const box = page.getByLabel('Enabled: home');
    await box.uncheck();
    await waitUntil(async () => (await enabled()) === false);
    await box.check();
    await waitUntil(async () => (await enabled()) === true);
  });

  it('refuses to save a never-available service and says why', async () => {
    await open('limits');
    await page.getByLabel('Service', { exact: true }).fill('lock.unlock');
    await page.getByRole('button', { name: 'Add service' }).click();
    await page.getByRole('button', { name: 'Save limits' }).click();
    const alert = page.getByRole('alert').filter({ hasText: 'lock.unlock is never available' });
    await alert.waitFor();
    assert.match(
      (await alert.textContent()) ?? '',
      /The limits were not saved: .*lock\.unlock is never available: They open doors/,
    );
    await shoot('limits');
    const policy = await fetch(`${server.url}/admin/policy`, {
      headers: { authorization: `Bearer ${API_KEY}` },
    }).then((response) => response.json() as Promise<{ policy: { services: { service: string }[] } }>);
    assert.ok(policy.policy.services.every((entry) => !entry.service.startsWith('lock.')));
  });

  it('says when the limits on disk are invalid and the tools are stopped, until an administrator saves valid ones', async () => {
    const file = join(dataDir, 'policy.json');
    const good = readFileSync(file, 'utf8');
    const broken = JSON.parse(good) as { services: { service: string; class: string }[] };
    broken.services.push({ service: 'lock.unlock', class: 'quiet' });
    writeFileSync(file, JSON.stringify(broken, null, 2));
    await open('limits');
    const banner = page
      .getByRole('alert')
      .filter({ hasText: 'The limits on disk are invalid, so the tools are stopped' });
    await banner.waitFor();
    assert.match((await banner.textContent()) ?? '', /lock\.unlock is never available/);
    await page.getByRole('button', { name: 'Remove lock.unlock' }).click();
    await page.getByRole('button', { name: 'Save limits' }).click();
    await page.getByRole('status').filter({ hasText: 'Saved.' }).waitFor();
    await banner.waitFor({ state: 'detached' });
    assert.ok(!readFileSync(file, 'utf8').includes('lock.'));
  });

  it('runs a playground sentence and shows its route, intent and call', async () => {
    await open('playground');
    await page.getByLabel('Sentence').fill('turn on the kitchen light');
    await page.getByRole('button', { name: 'Run' }).click();
    await page.getByLabel('Route').filter({ hasText: 'direct' }).waitFor();
    assert.match((await page.locator('main').textContent()) ?? '', /HassTurnOn/);
    await page.getByLabel('Sentence').fill('Make the living room more comfortable');
    await page.getByRole('button', { name: 'Run' }).click();
    await page.getByLabel('Route').filter({ hasText: 'llm' }).waitFor();
    assert.match((await page.locator('main').textContent()) ?? '', /Prompt for the model \(\d+ tokens, estimate\)/);
    assert.equal(llm.requests.length, 0, 'the playground calls no model');
    await page.locator('canvas').first().waitFor();
    await shoot('playground');
  });

  it('asks the chat about a device and shows the tool result it used', async () => {
    llm.reset();
    llm.script(
      {
        kind: 'tool-calls',
        calls: [
          { name: 'get-state', arguments: JSON.stringify({ instance: fake.rootUrl, entity_id: 'light.kitchen' }) },
        ],
      },
      { kind: 'text', text: 'The kitchen light is off.' },
    );
    await open('chat');
    await page.getByLabel('Model').selectOption('chat');
    await page.getByLabel('Message').fill('Is the kitchen light on?');
    await page.getByRole('button', { name: 'Send' }).click();
    const log = page.getByRole('log');
    await log.getByText('The kitchen light is off.').waitFor();
    const result = log.locator('details').filter({ hasText: 'Result of get-state' });
    await result.locator('summary').click();
    assert.match((await result.locator('pre').textContent()) ?? '', /"entity_id":\s*"light\.kitchen"/);
    await shoot('chat');
  });

  it('confirms a proposal the chat made, and the fake receives exactly one call', async () => {
    llm.reset();
    llm.script(
      {
        kind: 'tool-calls',
        calls: [
          {
            name: 'call-service',
            arguments: JSON.stringify({
              instance: fake.rootUrl,
              domain: 'light',
              service: 'turn_on',
              entity_id: 'light.kitchen',
            }),
          },
        ],
      },
      { kind: 'text', text: 'It waits for your confirmation.' },
    );
    await page.getByLabel('Message').fill('Turn on the kitchen light');
    await page.getByRole('button', { name: 'Send' }).click();
    await page.getByRole('log').getByText('It waits for your confirmation.').waitFor();
    assert.equal(fake.log.serviceCalls.length, 0, 'nothing is sent before a person confirms');
    await page.getByRole('link', { name: 'Review in Proposals' }).click();
    const proposal = page.getByRole('article').filter({ hasText: 'light.turn_on' });
    await proposal.getByText('Kitchen Light').waitFor();
    await shoot('proposals');
    await proposal.getByRole('button', { name: /^Confirm / }).click();
    await page.getByRole('status').filter({ hasText: /Sent/ }).waitFor();
    assert.equal(fake.log.serviceCalls.length, 1);
    assert.deepEqual([fake.log.serviceCalls[0]!.domain, fake.log.serviceCalls[0]!.service], ['light', 'turn_on']);
    await open('journal');
    await page.getByRole('cell', { name: 'sent', exact: true }).waitFor();
    await shoot('journal');
  });

  it('fits a phone: the playground at 375 px wide', async () => {
    await page.setViewportSize({ width: 375, height: 800 });
    await open('playground');
    // From the keyboard: Enter in the sentence runs it.
    await page.getByLabel('Sentence').fill('what time is it');
    await page.getByLabel('Sentence').press('Enter');
    await page.getByLabel('Route').waitFor();
    // Run in the page; the test's own tsconfig has no DOM types, hence the string.
    const width = (await page.evaluate('document.documentElement.scrollWidth')) as number;
    assert.ok(width <= 375, `the page is ${width} px wide at a 375 px viewport`);
    await shoot('playground-phone');
  });

  it('logged no error in the browser console (no blocked script or style, no script error) and got no 404 or 5xx', () => {
    assert.deepEqual(browser.faults, []);
  });
});
