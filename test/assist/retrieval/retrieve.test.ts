// Retrieval's parts: terms, ranking cues, embeddings (cached per catalogue), tool choice and required items.

import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { foldWords, contentTerms } from '../../../src/assist/retrieval/terms.ts';
import {
  entityIndexOf,
  rankEntities,
  readCues,
  retrieve,
  DEFAULT_RETRIEVAL_SETTINGS,
} from '../../../src/assist/retrieval/index.ts';
import { createCatalogMemo, understandRequest, type HaRequest } from '../../../src/assist/understand/index.ts';
import { createAssistCaches } from '../../../src/assist/index.ts';
import { DEMO_HOME } from '../../../src/demo-home/index.ts';
import { buildHaRequest } from '../../../src/homeassistant/request/index.ts';
import { decodeChatRequest } from '../../../src/openai/index.ts';
import { SILENT_LOGGER } from '../../../src/common/index.ts';
import type { Embedder } from '../../../src/backends/index.ts';

function requestFor(text: string, extra: Record<string, unknown> = {}): HaRequest {
  const turn = decodeChatRequest({ ...buildHaRequest(DEMO_HOME, { userText: text, era: '2026' }), ...extra });
  return understandRequest(turn, undefined, extra.ha_context as never);
}

function names(request: HaRequest, text = request.userText): string[] {
  const index = entityIndexOf(request.catalog!, createCatalogMemo());
  return rankEntities(index, readCues(index, text, request.floorAreas)).map(
    (entry) => request.catalog!.entities[entry.index]!.name,
  );
}

describe('terms', () => {
  it('folds case and accents and stems plurals, keeping words that only look plural', () => {
    assert.deepEqual(foldWords('Küche LIGHTS, Blinds & batteries; TVs switches glass status'), [
      'kuche',
      'light',
      'blind',
      'battery',
      'tv',
      'switch',
      'glass',
      'status',
    ]);
  });

  it('drops stop words only for content terms', () => {
    assert.deepEqual(contentTerms('Is the lamp in the office on?'), ['lamp', 'office']);
    assert.deepEqual(foldWords('the lamp'), ['the', 'lamp']);
  });
});

describe('ranking', () => {
  it('puts a device named in full first', () => {
    assert.equal(names(requestFor('could you make the reading lamp a bit warmer in colour'))[0], 'Floor Lamp');
  });

  it('reads "warmer" as temperature: the sensors and the climate device, not the lights', () => {
    const ranked = names(requestFor('is it warmer in the kitchen than it should be'));
    assert.equal(ranked[0], 'Kitchen Temperature');
    assert.ok(ranked.includes('Thermostat'));
  });

  it('gives a floor the areas ha_context lists for it', () => {
    const request = requestFor('anything still on downstairs?', {
      ha_context: { floors: [{ name: 'Ground Floor', aliases: ['Downstairs'], areas: ['Kitchen'] }] },
    });
    const ranked = names(request);
    assert.ok(
      ranked.length > 0 &&
        ranked.every((name) => DEMO_HOME.entities.find((entity) => entity.name === name)?.area === 'Kitchen'),
      ranked.join(', '),
    );
  });

  it('finds nothing for a sentence that is not about the home', () => {
    assert.deepEqual(names(requestFor('What is the capital of France?')), []);
  });
});

describe('retrieve', () => {
  it('keeps the entity an active tool call named and the tools the history used, whatever the sentence', async () => {
    const request = requestFor('what is the capital of France?');
    request.history.activeRounds.push({
      index: 2,
      text: '',
      calls: [
        {
          id: 'c',
          name: 'HassTurnOn',
          canonicalName: 'HassTurnOn',
          rawArguments: '{"name":"Coffee Maker"}',
          arguments: { name: 'Coffee Maker' },
        },
      ],
    });
    const retrieved = await retrieve({
      request,
      settings: DEFAULT_RETRIEVAL_SETTINGS,
      caches: createAssistCaches(4),
      logger: SILENT_LOGGER,
    });
    assert.deepEqual(
      retrieved.entities.map((entity) => entity.name),
      ['Coffee Maker'],
    );
    assert.ok(retrieved.tools.some((tool) => tool.name === 'HassTurnOn'));
  });

  it('respects the entity and tool limits', async () => {
    const retrieved = await retrieve({
      request: requestFor('turn off all the lights and close everything'),
      settings: { ...DEFAULT_RETRIEVAL_SETTINGS, entities: 3, tools: 2 },
      caches: createAssistCaches(4),
      logger: SILENT_LOGGER,
    });
    assert.equal(retrieved.entities.length, 3);
    assert.deepEqual(
      retrieved.tools.map((tool) => tool.name),
      ['HassTurnOn', 'HassTurnOff'],
    );
  });

  it('ranks by meaning too with an embedder, embedding the catalogue once per pipeline for many requests', async () => {
    const calls: number[] = [];
    // A toy embedder: one dimension per topic word, so "caffeine" is close to the coffee maker only.
    const topics = ['coffee|caffeine|espresso', 'vacuum|dust|crumbs', 'tv|film|movie'];
    const embedder: Embedder = {
      name: 'toy',
      async embed(texts) {
        calls.push(texts.length);
        return texts.map((text) =>
          Float32Array.from(topics.map((topic): number => (new RegExp(topic, 'i').test(text) ? 1 : 0)).concat(0.01)),
        );
      },
    };
    const first = requestFor('I need some caffeine');
    const caches = createAssistCaches(4);
    const retrieved = await retrieve({
      request: first,
      settings: DEFAULT_RETRIEVAL_SETTINGS,
      caches,
      embedder,
      logger: SILENT_LOGGER,
    });
    assert.deepEqual(
      retrieved.entities.map((entity) => entity.name),
      ['Coffee Maker'],
    );
    assert.equal(retrieved.metrics.semantic, 'used');
    const again = await retrieve({
      request: { ...first, userText: 'there are crumbs everywhere' },
      settings: DEFAULT_RETRIEVAL_SETTINGS,
      caches,
      embedder,
      logger: SILENT_LOGGER,
    });
    assert.deepEqual(
      again.entities.map((entity) => entity.name),
      ['Robot Vacuum'],
    );
    assert.deepEqual(calls, [DEMO_HOME.entities.length, 1, 1]);
    // Another pipeline's caches know nothing of this one's vectors.
    const other = await retrieve({
      request: first,
      settings: DEFAULT_RETRIEVAL_SETTINGS,
      caches: createAssistCaches(4),
      embedder,
      logger: SILENT_LOGGER,
    });
    assert.deepEqual(
      other.entities.map((entity) => entity.name),
      ['Coffee Maker'],
    );
    assert.deepEqual(calls, [DEMO_HOME.entities.length, 1, 1, DEMO_HOME.entities.length, 1]);
  });

  it('ranks by words alone, and says so, when the embedder fails', async () => {
    const embedder: Embedder = {
      name: 'broken',
      embed: async () => Promise.reject(new Error('embedding server down')),
    };
    const retrieved = await retrieve({
      request: requestFor('is the kitchen light on'),
      settings: DEFAULT_RETRIEVAL_SETTINGS,
      caches: createAssistCaches(4),
      embedder,
      logger: SILENT_LOGGER,
    });
    assert.equal(retrieved.entities[0]?.name, 'Kitchen Light');
    assert.equal(retrieved.metrics.semantic, 'failed: embedding server down');
  });
});
