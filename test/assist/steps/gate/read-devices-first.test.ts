// The read a model's turn makes first: only when the sentence is about a cover or valve whose class the request
// does not carry, only once a turn, and never against a tool_choice.

import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { understandRequest } from '../../../../src/assist/index.ts';
import { readSentenceFacts } from '../../../../src/assist/steps/facts/index.ts';
import { readDevicesFirst } from '../../../../src/assist/steps/gate/index.ts';
import { buildHaRequest, type HaChatRequest } from '../../../../src/homeassistant/request/index.ts';
import { decodeChatRequest } from '../../../../src/openai/index.ts';
import { generateDeviceHome } from '../../gate-device-homes.ts';
import { liveContextOf, withResult } from '../../ha-turns.ts';

const READ = { name: 'GetLiveContext', arguments: '{}' };

describe('readDevicesFirst', () => {
  for (const seed of [3000, 3001, 3002, 3003, 3004, 3005]) {
    const home = generateDeviceHome(seed);
    const blinds = home.plainCovers[0]!;
    const read = (body: HaChatRequest, text: string) => {
      const request = understandRequest(decodeChatRequest(body));
      return readDevicesFirst(request, readSentenceFacts(text, { language: 'en' }));
    };
    const ask = (text: string, more: Partial<HaChatRequest> = {}) =>
      read({ ...buildHaRequest(home.home, { userText: text, era: '2026' }), ...more }, text);

    it(`seed ${seed}: a sentence about a kind of cover reads first; one about lights does not`, () => {
      assert.deepEqual(ask('could you let the blinds up a bit'), READ);
      assert.deepEqual(ask('could you make it brighter in here'), undefined);
    });

    it(`seed ${seed}: after the read, and with a tool_choice naming a tool, nothing is read`, () => {
      const text = `could you let the ${blinds.name} up a bit`;
      const first = buildHaRequest(home.home, { userText: text, era: '2026' });
      const after = withResult(first, { id: 'r1', ...READ }, liveContextOf(home.home));
      assert.equal(read(after, text), undefined);
      const forced = { tool_choice: { type: 'function', function: { name: 'HassTurnOn' } } } as Partial<HaChatRequest>;
      assert.equal(ask(text, forced), undefined);
    });

    it(`seed ${seed}: a prompt that carries the classes (HA 2024) needs no read`, () => {
      const text = 'could you let the blinds up a bit';
      assert.equal(read(buildHaRequest(home.home, { userText: text, era: '2024' }), text), undefined);
    });
  }
});
