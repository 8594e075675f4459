// The page on a default start, in Chromium: `hearth serve` on loopback with no API key and no admin key, a model, the
// fake Home Assistant. Every view works without asking for a key, as the API does, and no request is refused one.

import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Page } from 'playwright-core';
import { startFakeOpenAiServer, type FakeOpenAiServer } from '../fakes/backend/index.ts';
import {
  ADMIN_TOKEN,
  FIXTURE_TOKENS,
  startFakeHomeAssistant,
  type FakeHomeAssistant,
} from '../fakes/home-assistant/index.ts';
import { launchPageBrowser, type PageBrowser } from './page-browser.ts';
import { spawnHearth, type RunningHearth } from './spawn-hearth.ts';

describe('the hearth page on a default start (loopback, no keys)', () => {
  let fake: FakeHomeAssistant;
  let llm: FakeOpenAiServer;
  let server: RunningHearth;
  let browser: PageBrowser;
  let page: Page;

  before(async () => {
    browser = await launchPageBrowser();
    page = browser.page;
    fake = await startFakeHomeAssistant({ tokens: FIXTURE_TOKENS });
    llm = await startFakeOpenAiServer({ models: ['fake-model'] });
    // No `server` section: the default host (127.0.0.1), no api_keys, no admin_key.
    server = await spawnHearth(
      [
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
    );
  });
  after(async () => {
    await browser?.close();
    await server?.stop();
    await llm?.close();
    await fake?.close();
  });

  const open = (view: string) => browser.open(server.url, view);

  it('Connections: says no key is needed, adds a connection and tests it', async () => {
    await open('connections');
    await page.getByRole('status').filter({ hasText: 'No key needed' }).waitFor();
    assert.equal(await page.getByLabel('Admin key').count(), 0, 'no key field to fill');
    await page.getByLabel('Name', { exact: true }).fill('home');
    await page.getByLabel('Address').fill(fake.rootUrl);
    await page.getByLabel('Token').fill(ADMIN_TOKEN);
    await page.getByRole('button', { name: 'Add connection' }).click();
    const row = page.getByRole('row').filter({ hasText: 'home' });
    await row.getByRole('status').filter({ hasText: 'Home Assistant 2025.10.1' }).waitFor();
    await page.getByLabel('Write mode: home').selectOption('ask-first');
    await browser.shoot('default-start-connections');
  });

  it('Limits: reads them and saves them', async () => {
    await open('limits');
    await page.getByRole('button', { name: 'Save limits' }).click();
    await page.getByRole('status').filter({ hasText: 'Saved.' }).waitFor();
  });

  it("Playground: runs a sentence on the connection's home", async () => {
    await open('playground');
    await page.getByLabel('Home').selectOption('home');
    await page.getByLabel('Sentence').fill('turn on the kitchen light');
    await page.getByRole('button', { name: 'Run' }).click();
    await page.getByLabel('Route').filter({ hasText: 'direct' }).waitFor();
    await page.locator('canvas').first().waitFor();
  });

  it('Chat, Proposals and Journal: a change the chat proposed is confirmed and sent once, and journaled', async () => {
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
    await open('chat');
    await page.getByLabel('Model').selectOption('chat');
    await page.getByLabel('Message').fill('Turn on the kitchen light');
    await page.getByRole('button', { name: 'Send' }).click();
    await page.getByRole('log').getByText('It waits for your confirmation.').waitFor();
    await page.getByRole('link', { name: 'Review in Proposals' }).click();
    const proposal = page.getByRole('article').filter({ hasText: 'light.turn_on' });
    await proposal.getByText('Kitchen Light').waitFor();
    await proposal.getByRole('button', { name: /^Confirm / }).click();
    await page.getByRole('status').filter({ hasText: /Sent/ }).waitFor();
    assert.equal(fake.log.serviceCalls.length, 1);
    await open('journal');
    await page.getByRole('cell', { name: 'sent', exact: true }).waitFor();
    await browser.shoot('default-start-journal');
  });

  it('no request was refused for a key, and the browser logged no fault', () => {
    assert.deepEqual(browser.keyRefusals, []);
    assert.deepEqual(browser.faults, []);
  });
});
