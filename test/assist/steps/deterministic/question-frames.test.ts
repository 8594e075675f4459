// The question-frame step on its own: what it hands the grammar's decision, what it never decides (a command, a
// sentence in no frame), a filler that is part of a name, and a sentence with two readings.

import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import {
  createHomeListsCache,
  createToolSchemaValidator,
  DEFAULT_ASSIST_SETTINGS,
  understandRequest,
} from '../../../../src/assist/index.ts';
import type { Decision } from '../../../../src/assist/steps/deterministic/decision.ts';
import { createListQuestionGrammars } from '../../../../src/assist/steps/deterministic/list-question-recognize.ts';
import { decideQuestionFrame } from '../../../../src/assist/steps/deterministic/question-frames.ts';
import { unreadSentenceFacts } from '../../../../src/assist/steps/facts/index.ts';
import { intentRow } from '../../../../src/assist/intent-table.ts';
import type { Intents, RecognizeResult } from '../../../../src/hassil/index.ts';
import { buildHaRequest, type Entity, type Home } from '../../../../src/homeassistant/request/index.ts';
import { decodeChatRequest } from '../../../../src/openai/index.ts';
import { builtInGrammar, officialGrammar } from '../../../fixtures/grammar.ts';
import { liveContextOf, withResult } from '../../ha-turns.ts';

const entity = (domain: string, name: string, area: string, state: string, deviceClass?: string): Entity => ({
  entityId: `${domain}.${name.toLowerCase().replaceAll(' ', '_')}`,
  name,
  aliases: [],
  domain,
  area,
  state,
  attributes: deviceClass === 'battery' ? { unit_of_measurement: '%' } : {},
  ...(deviceClass === undefined ? {} : { deviceClass }),
});

const HOME: Home = {
  areas: ['Kitchen', 'Hall', 'Den'].map((name) => ({ name, aliases: [] })),
  entities: [
    entity('light', 'Kitchen Light', 'Kitchen', 'on'),
    entity('media_player', 'Now TV', 'Den', 'paused'),
    entity('media_player', 'Kitchen Radio', 'Kitchen', 'idle'),
    entity('sensor', 'Hall Sensor Battery', 'Hall', '40', 'battery'),
    entity('sensor', 'Hall Sensor Battery Level', 'Hall', '70', 'battery'),
  ],
};

/** What the step decides of `text` (after HA's live read, with `live`), and the matches it handed the grammar's decision. */
function decideOf(
  text: string,
  options: { live?: boolean; grammar?: Intents } = {},
): { decision?: Decision; decided: RecognizeResult[] } {
  const first = buildHaRequest(HOME, { userText: text, era: '2026' });
  const body =
    options.live === true
      ? withResult(first, { id: 'r1', name: 'GetLiveContext', arguments: '{}' }, liveContextOf(HOME))
      : first;
  const request = understandRequest(decodeChatRequest(body));
  const lists = createHomeListsCache().listsFor(request.catalog, request.floors);
  const decided: RecognizeResult[] = [];
  const context = {
    request,
    type: options.live === true ? ('tool-result' as const) : ('text' as const),
    grammar: options.grammar ?? builtInGrammar(),
    listGrammars: createListQuestionGrammars(),
    lists,
    validator: createToolSchemaValidator(),
    settings: DEFAULT_ASSIST_SETTINGS,
    facts: unreadSentenceFacts(options.grammar?.language ?? 'en'),
  };
  const decision = decideQuestionFrame(context, (result) => {
    decided.push(result);
    // What the grammar's decision would say differs by the match, as the answers of two readings may.
    return { kind: 'answer', text: `${result.intent.name} ${result.response ?? ''}`, plan: { kind: 'state' } };
  });
  return decision === undefined ? { decided } : { decision, decided };
}

/** Commands (and a few questions) with the frames' fillers and wrappers put in every place, English and German. */
function commandsWithFillers(): { text: string; grammar?: Intents }[] {
  const english = [
    'turn on the kitchen light',
    'turn off the kitchen light',
    'pause the kitchen radio',
    'play the now tv',
    // Questions among them: the same fillers there come to a decision, which must still be a question's.
    'is the kitchen light on',
    'is the kitchen radio playing or paused',
  ];
  const german = [
    'schalte das Kitchen Light ein',
    'schalte das Kitchen Light aus',
    'mach das Kitchen Light an',
    'ist das Kitchen Light an',
  ];
  const place = (command: string, filler: string) => {
    const words = command.split(' ');
    return words
      .map((_, at) => [...words.slice(0, at), filler, ...words.slice(at)].join(' '))
      .concat(`${command} ${filler}`);
  };
  return [
    ...english.flatMap((command) =>
      ['right now', 'now', 'please', 'currently', 'at the moment', 'or not', 'or off', 'can you tell me if'].flatMap(
        (filler) => place(command, filler).map((text) => ({ text })),
      ),
    ),
    ...german.flatMap((command) =>
      ['jetzt', 'gerade', 'bitte', 'im Moment', 'oder aus', 'weißt du ob'].flatMap((filler) =>
        place(command, filler).map((text) => ({ text, grammar: officialGrammar('de') })),
      ),
    ),
  ];
}

describe('decideQuestionFrame', () => {
  it('passes only state and time questions on, and decides only an answer, a live read or the model', () => {
    const sentences = commandsWithFillers();
    assert.ok(sentences.length >= 200, `${sentences.length} sentences`);
    let decisions = 0;
    for (const { text, grammar } of sentences)
      for (const live of [false, true]) {
        const { decision, decided } = decideOf(text, { live, ...(grammar === undefined ? {} : { grammar }) });
        for (const result of decided)
          assert.match(String(intentRow(result.intent.name)?.kind), /^(state|time)$/u, text);
        if (decision?.kind === 'call')
          assert.deepEqual(decision.calls, [{ name: 'GetLiveContext', arguments: '{}' }], text);
        if (decision !== undefined) decisions++;
      }
    assert.ok(decisions >= 20, `${decisions} decisions`);
  });

  it('never decides a command, with or without fillers: a frame never makes HA-Assist act', () => {
    for (const text of [
      'turn on the kitchen light right now',
      'turn off the kitchen light now please',
      'pause the kitchen radio at the moment',
    ])
      assert.deepEqual(decideOf(text), { decided: [] }, text);
  });
  it('decides nothing for a sentence in no frame', () => {
    for (const text of [
      'is it dark outside',
      'is the house secure',
      'is the kitchen light on',
      'is the garden on or off',
    ])
      assert.deepEqual(decideOf(text), { decided: [] }, text);
  });
  it("hands the grammar's state question of a question with fillers to the intent's decision", () => {
    const { decision, decided } = decideOf('is the kitchen light on right now');
    assert.equal(decision?.kind, 'answer');
    assert.deepEqual(
      decided.map((result) => [result.intent.name, result.entities.name?.value, result.entities.state?.value]),
      [['HassGetState', 'Kitchen Light', 'on']],
    );
    assert.deepEqual(decision?.intent, {
      match: 'repaired',
      repairedText: 'is the kitchen light on',
      intent: 'HassGetState',
      slotCombination: 'name_state',
      template: decision?.intent?.match === 'repaired' ? decision.intent.template : '',
      slots: { name: 'Kitchen Light', state: 'on' },
    });
  });
  it('keeps a filler that is part of a name ("Now TV") and takes off the others', () => {
    const { decided } = decideOf('is the now tv playing right now');
    assert.deepEqual(
      decided.map((result) => result.entities.name?.value),
      ['Now TV'],
    );
  });
  it('reads live state before it answers a choice question, then answers with the state', () => {
    const read = decideOf('is the kitchen radio playing or paused');
    assert.deepEqual(read.decision?.kind === 'call' ? read.decision.calls : undefined, [
      { name: 'GetLiveContext', arguments: '{}' },
    ]);
    const answered = decideOf('is the kitchen radio playing or paused', { live: true });
    assert.equal(
      answered.decision?.kind === 'answer' ? answered.decision.text : undefined,
      'The Kitchen Radio is idle.',
    );
  });
  it('hands a choice that is no state of the device to the model, naming the device', () => {
    const { decision } = decideOf('is the kitchen light on or blue', { live: true });
    assert.equal(decision?.kind, 'generative');
    assert.deepEqual(decision?.kind === 'generative' ? decision.candidates : undefined, [
      { name: 'Kitchen Light', domain: 'light', area: 'Kitchen' },
    ]);
  });
  it('hands two readings that differ to the model: the one named "… Battery Level" and the battery of the device', () => {
    const { decision } = decideOf('what is the hall sensor battery level right now', { live: true });
    assert.equal(decision?.kind, 'generative');
    assert.equal(
      decision?.kind === 'generative' ? decision.reason : undefined,
      'the question can be read in several ways',
    );
  });
});
