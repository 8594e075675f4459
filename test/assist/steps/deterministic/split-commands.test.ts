// Splitting a sentence into commands: only at joining words between complete commands, each part exact, and only
// when there is a single way to cut it.

import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createHomeListsCache, understandRequest } from '../../../../src/assist/index.ts';
import { recognizeIntent } from '../../../../src/assist/steps/deterministic/recognize-intent.ts';
import { splitCommands } from '../../../../src/assist/steps/deterministic/split-commands.ts';
import { buildHaRequest, type Home } from '../../../../src/homeassistant/request/index.ts';
import { decodeChatRequest } from '../../../../src/openai/index.ts';
import { builtInGrammar } from '../../../fixtures/grammar.ts';
import { TWO_FLOOR_HOME } from '../../../fixtures/homes/two-floor-home.ts';

function lamp(name: string): Home['entities'][number] {
  const entityId = `light.${name.toLowerCase().replaceAll(' ', '_')}`;
  return { entityId, name, aliases: [], domain: 'light', area: 'Kitchen', state: 'off', attributes: {} };
}

/** The home with a light whose name holds "and". */
const NAME_WITH_AND: Home = { ...TWO_FLOOR_HOME, entities: [...TWO_FLOOR_HOME.entities, lamp('Salt and Pepper Lamp')] };
/** …and lights named like its halves, so that the sentence reads two ways. */
const NAME_AND_HALVES: Home = {
  ...NAME_WITH_AND,
  entities: [...NAME_WITH_AND.entities, lamp('Salt'), lamp('Pepper Lamp')],
};

/** The parts `text` splits into in `home` ("intent: text"), or the reason it does not split. */
function split(text: string, home: Home = TWO_FLOOR_HOME): string[] | string {
  const request = understandRequest(decodeChatRequest(buildHaRequest(home, { userText: text, era: '2026' })));
  const lists = createHomeListsCache().listsFor(request.catalog, request.floors);
  const recognize = (part: string) => recognizeIntent(part, request, builtInGrammar(), lists);
  const outcome = splitCommands(text, recognize, 'en');
  return outcome.kind === 'split'
    ? outcome.parts.map((part) => `${part.result.intent.name}: ${part.text}`)
    : outcome.reason;
}

describe('splitCommands', () => {
  it('cuts at "and" between two complete commands', () => {
    assert.deepEqual(split('turn on the kitchen light and turn off the hall light'), [
      'HassTurnOn: turn on the kitchen light',
      'HassTurnOff: turn off the hall light',
    ]);
  });

  it('cuts at a comma, "then" and "and then", into up to four parts in the order spoken', () => {
    assert.deepEqual(split('turn on the kitchen light, turn off the hall light and then turn on the porch light'), [
      'HassTurnOn: turn on the kitchen light',
      'HassTurnOff: turn off the hall light',
      'HassTurnOn: turn on the porch light',
    ]);
  });

  it('gives a part without a verb the verb of the part before, even when the part alone would switch on', () => {
    assert.deepEqual(split('turn off the kitchen light and the hall light'), [
      'HassTurnOff: turn off the kitchen light',
      'HassTurnOff: turn off the hall light',
    ]);
    assert.deepEqual(split('turn on the kitchen light, then the porch light'), [
      'HassTurnOn: turn on the kitchen light',
      'HassTurnOn: turn on the porch light',
    ]);
  });

  it('gives a part without its noun the noun of the part after ("both the kitchen and dining room lights")', () => {
    assert.deepEqual(split('turn on both the kitchen and dining room lights'), [
      'HassTurnOn: turn on the kitchen lights',
      'HassTurnOn: turn on dining room lights',
    ]);
  });

  it('does not split a name that holds "and"', () => {
    assert.deepEqual(split('turn on the hall light and the salt and pepper lamp', NAME_WITH_AND), [
      'HassTurnOn: turn on the hall light',
      'HassTurnOn: turn on the salt and pepper lamp',
    ]);
  });

  it('does not split when two ways of cutting both work', () => {
    // The Hall Light and the Salt and Pepper Lamp, or the Hall Light, the Salt and the Pepper Lamp?
    assert.equal(split('turn on the hall light and the salt and pepper lamp', NAME_AND_HALVES), 'ambiguous');
  });

  it('does not split when a part is no command', () => {
    assert.equal(split('turn on the kitchen light and the attic light'), 'no-split');
    assert.equal(split('turn on the kitchen light and make it cosy'), 'no-split');
    // A name alone turns a light on only as a whole sentence: here it would need the value of the part before.
    assert.equal(split('set the kitchen light to 50% and the hall light'), 'no-split');
  });

  it('gives up once a split has cost too many recognitions', () => {
    const many = Array.from({ length: 8 }, (_, index) => `word${index}`).join(' and ');
    assert.deepEqual(
      splitCommands(many, () => undefined, 'en'),
      { kind: 'none', reason: 'over-budget' },
    );
  });

  it('needs a joining word, and a language whose joining words it knows', () => {
    assert.equal(split('turn on the kitchen light'), 'no-joiner');
    const request = understandRequest(
      decodeChatRequest(buildHaRequest(TWO_FLOOR_HOME, { userText: 'x', era: '2026' })),
    );
    const lists = createHomeListsCache().listsFor(request.catalog, request.floors);
    const recognize = (part: string) => recognizeIntent(part, request, builtInGrammar(), lists);
    assert.deepEqual(splitCommands('turn on the kitchen light and turn off the hall light', recognize, 'fr'), {
      kind: 'none',
      reason: 'no-joiner',
    });
  });
});
