// Fuzz: the home a Home Assistant prompt describes (the Static Context YAML, Extended OpenAI Conversation's device CSV,
// the date and satellite lines), read from mutated real prompts: a value or the one documented coded error, quickly.

import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import fc from 'fast-check';
import { isHearthError } from '../../src/common/index.ts';
import {
  type EntityCatalog,
  readDateTime,
  readExtendedDevices,
  readSatelliteArea,
  readStaticContext,
} from '../../src/homeassistant/request/index.ts';
import { EXTENDED_SYSTEM, extendedRequest } from '../assist/extended-turns.ts';
import { readHaRequestFixture } from '../fixtures/data.ts';
import { aliasBombEntity } from '../robustness/hostile-bodies.ts';
import { createHarness } from '../server/app-harness.ts';
import { checkAnswer, post } from './answer-checks.ts';
import { bounded, costlyRuns, fuzzOptions, REPLAY } from './fuzz-options.ts';
import { textEdit } from './text-edits.ts';
import { haChatBody, SYSTEM_PROMPTS } from './ha-bodies.ts';

type Message = { role: string; content: unknown };

/** The system prompt of a request fixture in test/data/ha-requests. */
const fixturePrompt = (name: string) =>
  (readHaRequestFixture(name).messages as Message[]).find((message) => message.role === 'system')!.content as string;

/** Extended OpenAI Conversation's prompt with an `area` column, as users often add it. */
const EXTENDED_WITH_AREA = EXTENDED_SYSTEM.replace('entity_id,name,state,aliases', 'entity_id,name,state,area,aliases')
  .split('\n')
  .map((line) => (/^[a-z_]+\.[a-z_]+,/.test(line) ? line.replace(/,([^,]*)$/, ',Kitchen,$1') : line))
  .join('\n');

/** Real prompts: every era and client of the request builder, the fixtures, and both Extended layouts. */
const PROMPTS: readonly string[] = [
  ...SYSTEM_PROMPTS,
  fixturePrompt('a-turn-off-living-room-light.json'),
  fixturePrompt('variants/a-ha2025-era.json'),
  fixturePrompt('variants/a-local-openai-llm.json'),
  EXTENDED_SYSTEM,
  EXTENDED_WITH_AREA,
];

/** The 500-entity prompt (35 KB): mutated now and then, so that large documents are tried too. */
const LARGE_PROMPT = fixturePrompt('synthetic-500-entities-30-areas.json');

/** An alias bomb of a few levels, or a deeply nested value, put at the start of a line. */
const hostileBlock = fc
  .tuple(fc.integer({ min: 1, max: 9 }), fc.nat(), fc.constantFrom('bomb', 'deep', 'self'))
  .map(([levels, line, kind]) => (text: string) => {
    const lines = text.split('\n');
    const at = line % (lines.length + 1);
    const block =
      kind === 'bomb'
        ? aliasBombEntity(levels).trimEnd()
        : kind === 'deep'
          ? `- names: Deep\n  domain: light\n  attributes:\n    x: ${'['.repeat(levels * 8)}${']'.repeat(levels * 8)}`
          : '- &self names: Self\n  domain: light\n  attributes: {me: *self}';
    lines.splice(at, 0, block);
    return lines.join('\n');
  });

/** A real prompt with a few edits, sometimes with a hostile block as well. */
const prompt: fc.Arbitrary<string> = fc
  .tuple(
    fc.oneof(
      { arbitrary: fc.constantFrom(...PROMPTS), weight: 40 },
      { arbitrary: fc.constant(LARGE_PROMPT), weight: 1 },
    ),
    fc.array(textEdit, { minLength: 1, maxLength: 5 }),
    fc.option(hostileBlock, { freq: 8 }),
  )
  .map(([text, edits, block]) => {
    const edited = edits.reduce((current, edit) => edit(current), text);
    return block === null ? edited : block(edited);
  });

/** Reads `fn`'s value, or the documented refusal of a hostile entity YAML (a coded 400); anything else fails. */
function valueOrRefusal<T>(what: string, fn: () => T): T | undefined {
  try {
    return bounded(what, fn);
  } catch (error) {
    if (isHearthError(error) && error.code === 'ENTITY_YAML_REFUSED' && error.kind === 'invalid_request')
      return undefined;
    throw error;
  }
}

/** What every catalogue must be, however odd its prompt. */
function checkCatalog(catalog: EntityCatalog): void {
  const areas = new Set(catalog.areas.map((area) => area.name));
  assert.equal(areas.size, catalog.areas.length, 'an area listed twice');
  for (const entity of catalog.entities) {
    assert.equal(typeof entity.name, 'string');
    assert.ok(typeof entity.domain === 'string' && entity.domain !== '', 'an entity without a domain');
    assert.ok(entity.aliases.every((alias) => typeof alias === 'string'));
    assert.ok(entity.areaAliases.every((alias) => typeof alias === 'string'));
    if (entity.area !== undefined) assert.ok(areas.has(entity.area), `area ${entity.area} is not in the areas`);
    if (entity.state !== undefined) assert.equal(typeof entity.state, 'string');
    if (entity.entityId !== undefined) assert.ok(entity.entityId.startsWith(`${entity.domain}.`), entity.entityId);
    for (const value of Object.values(entity.attributes ?? {}))
      assert.ok(value === null || ['string', 'number', 'boolean'].includes(typeof value), 'a non-scalar attribute');
  }
  const everyHasState = catalog.entities.length > 0 && catalog.entities.every((entity) => entity.state !== undefined);
  assert.equal(catalog.hasState, everyHasState);
}

describe('fuzz: the home in a Home Assistant prompt', () => {
  it('is read from mutated prompts as a catalogue, "unreadable", or the coded refusal; never a crash', () => {
    // The unmutated prompts read as they should, so the property starts from working input.
    for (const text of PROMPTS) {
      const found = readStaticContext(text);
      const catalog = found.kind === 'found' ? found.catalog : readExtendedDevices(text);
      assert.ok(catalog !== undefined && catalog.entities.length > 0, text.slice(0, 200));
    }
    let catalogs = 0;
    fc.assert(
      fc.property(prompt, (text) => {
        const found = valueOrRefusal('readStaticContext', () => readStaticContext(text));
        if (found?.kind === 'found') {
          checkCatalog(found.catalog);
          catalogs++;
        }
        if (found?.kind === 'unreadable') assert.equal(typeof found.problem, 'string');
        const extended = bounded('readExtendedDevices', () => readExtendedDevices(text));
        if (extended !== undefined) checkCatalog(extended);
        const dateTime = bounded('readDateTime', () => readDateTime(text));
        if (dateTime !== undefined) assert.match(dateTime.date, /^\d{4}-\d{2}-\d{2}$/);
        const satellite = bounded('readSatelliteArea', () => readSatelliteArea(text));
        if (satellite !== undefined) assert.ok(satellite.area.length > 0);
      }),
      fuzzOptions(20_261_204),
    );
    // The property is not vacuous: many mutated prompts still hold a readable home.
    assert.ok(catalogs > 2_000, `only ${catalogs} catalogues were read (${REPLAY})`);
  });

  it('is never a 500 when a mutated prompt comes in an HA-Assist request', { timeout: 600_000 }, async () => {
    const harness = createHarness();
    // Real bodies (sentences, history, tools, ha_context) with the system prompt replaced by a mutated one.
    const body = fc.tuple(haChatBody, prompt, fc.boolean()).map(([base, system, extended]) => {
      const messages = (extended ? extendedRequest('turn off the kitchen light').messages : base.messages) as Message[];
      return {
        ...base,
        messages: messages.map((message) => (message.role === 'system' ? { ...message, content: system } : message)),
      };
    });
    await fc.assert(
      fc.asyncProperty(body, async (value) => {
        const text = JSON.stringify(value);
        await checkAnswer(await post(harness.app, '/v1/chat/completions', text), 'chat', text);
        harness.gemma.turns.length = 0;
        harness.vision.turns.length = 0;
      }),
      fuzzOptions(20_261_214, costlyRuns()),
    );
  });
});
