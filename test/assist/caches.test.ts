// A pipeline's caches are its own and bounded: two pipelines share no entry, and no cache outgrows its bound.

import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import {
  createAssistCaches,
  createCatalogMemo,
  understandRequest,
  withAliases,
  type EntityCatalog,
  type OfferedTool,
} from '../../src/assist/index.ts';
import { entityIndexOf } from '../../src/assist/retrieval/index.ts';
import { chooseTools } from '../../src/assist/retrieval/rank-tools.ts';
import type { Embedder } from '../../src/backends/index.ts';
import { DEMO_HOME } from '../../src/demo-home/index.ts';
import { buildHaRequest, type Home } from '../../src/homeassistant/request/index.ts';
import { decodeChatRequest } from '../../src/openai/index.ts';
import { createHarness, type Harness } from '../server/app-harness.ts';
import { ask } from './ask-app.ts';

function catalogOf(home: Home = DEMO_HOME): EntityCatalog {
  const turn = decodeChatRequest(buildHaRequest(home, { userText: 'hello', era: '2026' }));
  return understandRequest(turn).catalog!;
}

/** An embedder that records how many texts each call embeds. */
function countingEmbedder(): Embedder & { calls: number[] } {
  const calls: number[] = [];
  return {
    name: 'counting',
    calls,
    async embed(texts) {
      calls.push(texts.length);
      return texts.map((text) => Float32Array.from([text.length, 1]));
    },
  };
}

describe('createAssistCaches', () => {
  it('gives every pipeline caches of its own', () => {
    const first = createAssistCaches(4);
    const second = createAssistCaches(4);
    assert.deepEqual(Object.keys(first).sort(), Object.keys(second).sort());
    for (const key of Object.keys(first) as (keyof typeof first)[])
      assert.notEqual(first[key], second[key], `${key} is shared`);
  });

  it('builds a catalogue index once per pipeline, and again for another pipeline', () => {
    const catalog = catalogOf();
    const first = createAssistCaches(4);
    const second = createAssistCaches(4);
    const index = entityIndexOf(catalog, first.entityIndexes);
    assert.equal(entityIndexOf(catalog, first.entityIndexes), index);
    assert.notEqual(entityIndexOf(catalog, second.entityIndexes), index);
  });

  it('keeps at most `size` prompts: the oldest home is parsed again, the newest is not', () => {
    const caches = createAssistCaches(2);
    const homes = [1, 2, 3].map((n) => ({ ...DEMO_HOME, entities: DEMO_HOME.entities.slice(n) }));
    const turns = homes.map((home) => decodeChatRequest(buildHaRequest(home, { userText: 'hi', era: '2026' })));
    const catalogs = turns.map((turn) => understandRequest(turn, caches).catalog);
    assert.equal(understandRequest(turns[2]!, caches).catalog, catalogs[2]);
    assert.notEqual(understandRequest(turns[0]!, caches).catalog, catalogs[0]);
  });

  it('keeps the words of at most 1024 tool names, the most recent ones', () => {
    const caches = createAssistCaches(4);
    const tools: OfferedTool[] = Array.from({ length: 1030 }, (_, n) => ({
      name: `Tool${n}Lights`,
      canonicalName: `Tool${n}Lights`,
    }));
    chooseTools({
      tools,
      terms: ['light'],
      domains: [],
      aboutHome: false,
      required: new Set(),
      limit: 8,
      toolWords: caches.toolWords,
    });
    const kept = tools.filter((tool) => caches.toolWords.get(tool.canonicalName) !== undefined);
    assert.equal(kept.length, 1024);
    assert.equal(kept[0], tools[6]);
    assert.equal(createAssistCaches(4).toolWords.get(tools[1029]!.canonicalName), undefined);
  });
});

describe('aliased catalogues', () => {
  const aliasSet = (n: number) => ({ aliases: { 'Kitchen Light': [`Lamp ${n}`] } });

  it('gives the same aliases on the same catalogue the same object within a pipeline only', () => {
    const catalog = catalogOf();
    const first = createAssistCaches(4);
    const second = createAssistCaches(4);
    const aliased = withAliases(catalog, aliasSet(1), first.aliasedCatalogs);
    assert.ok(aliased.entities.some((entity) => entity.aliases.includes('Lamp 1')));
    assert.equal(withAliases(catalog, aliasSet(1), first.aliasedCatalogs), aliased);
    assert.notEqual(withAliases(catalog, aliasSet(1), second.aliasedCatalogs), aliased);
    assert.notEqual(withAliases(catalog, aliasSet(1)), aliased);
  });

  it('keeps at most 8 alias sets per catalogue, the most recently used', () => {
    const catalog = catalogOf();
    const { aliasedCatalogs } = createAssistCaches(4);
    const made = Array.from({ length: 9 }, (_, n) => withAliases(catalog, aliasSet(n), aliasedCatalogs));
    // Newest first, so that looking up a kept set does not push out another kept one.
    for (let n = 8; n >= 1; n--) assert.equal(withAliases(catalog, aliasSet(n), aliasedCatalogs), made[n], `set ${n}`);
    assert.notEqual(withAliases(catalog, aliasSet(0), aliasedCatalogs), made[0]);
  });
});

describe('createCatalogMemo', () => {
  it('builds once per catalogue object, and each memo for itself', () => {
    const [a, b] = [catalogOf(), catalogOf()];
    const built: EntityCatalog[] = [];
    const build = (catalog: EntityCatalog) => {
      built.push(catalog);
      return built.length;
    };
    const memo = createCatalogMemo<number>();
    assert.equal(memo.of(a, build), 1);
    assert.equal(memo.of(a, build), 1);
    assert.equal(memo.of(b, build), 2);
    assert.equal(createCatalogMemo<number>().of(a, build), 3);
    assert.deepEqual(built, [a, b, a]);
  });
});

describe('two pipelines', () => {
  async function askTwice(harness: Harness): Promise<void> {
    for (const text of ['I need some caffeine', 'there are crumbs everywhere'])
      await ask(harness, buildHaRequest(DEMO_HOME, { userText: text, era: '2026' }));
  }

  it('each embed the home once, for all of their own requests', async () => {
    const embedder = countingEmbedder();
    await askTwice(createHarness({ embedder }));
    await askTwice(createHarness({ embedder }));
    // The home's entities on each pipeline's first request; then only the sentence.
    const home = catalogOf().entities.length;
    assert.deepEqual(embedder.calls, [home, 1, 1, home, 1, 1]);
  });
});
