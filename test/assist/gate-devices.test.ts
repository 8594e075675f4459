// The gate's device-class families through the app, with no model and with a scripted one (the exact calls sent or
// the exact answer for every generated row), and the question in German, naming the action asked.

import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { createToolSchemaValidator, understandRequest } from '../../src/assist/index.ts';
import { readSentenceFacts } from '../../src/assist/steps/facts/index.ts';
import { type GateCall, type GateInput, judgeCalls } from '../../src/assist/steps/gate/index.ts';
import { buildHaRequest } from '../../src/homeassistant/request/index.ts';
import { decodeChatRequest } from '../../src/openai/index.ts';
import { generateDeviceHome } from './gate-device-homes.ts';
import { callClassRows, coverClassRows, openerRows } from './gate-devices-rows.ts';
import { family } from './gate-play.ts';
import { createHarness, postChat } from '../server/app-harness.ts';
import { liveContextOf, withResult } from './ha-turns.ts';

family('the gate: a cover or valve is judged by its own class, read from live state once', coverClassRows(), {
  stream: 'first-round',
});
family('the gate: a switch or button that opens a garage, gate or door asks, whatever a call claims', openerRows(), {
  stream: 'first-round',
});
family("the gate: a device class in a call is the device's own, or the device is sent by its name", callClassRows(), {
  stream: 'first-round',
});

describe('the gate: the question names the action asked, in German too', () => {
  const home = generateDeviceHome(2100);
  const garage = home.doorCovers[0]!.name;
  const [relay] = home.openers;
  /** The gate's input for a model's calls on `text`, with the turn's live read when `isRead`. */
  function inputOf(text: string, isRead: boolean): Omit<GateInput, 'calls'> {
    const first = buildHaRequest(home.home, { userText: text, era: '2026' });
    const body = isRead
      ? withResult(first, { id: 'r1', name: 'GetLiveContext', arguments: '{}' }, liveContextOf(home.home))
      : first;
    const request = understandRequest(decodeChatRequest(body));
    return {
      source: 'model',
      facts: readSentenceFacts(text, { language: 'de' }),
      request,
      tools: request.tools,
      validator: createToolSchemaValidator(),
      confirmSensitive: true,
      hasModel: true,
    };
  }
  const call = (name: string, args: Record<string, unknown>): GateCall => ({ name, arguments: JSON.stringify(args) });
  const rows: { what: string; calls: GateCall[]; question: string | undefined }[] = [
    {
      what: 'a position',
      calls: [call('HassSetPosition', { name: garage, position: 30 })],
      question: `${garage} auf 30 % stellen? Sag ja zum Bestätigen.`,
    },
    {
      what: 'opening',
      calls: [call('HassTurnOn', { name: garage, device_class: ['blind'] })],
      question: `${garage} öffnen? Sag ja zum Bestätigen.`,
    },
    {
      what: 'a relay',
      calls: [call('HassTurnOn', { name: relay!.name, device_class: ['outlet'] })],
      question: `${relay!.name} einschalten? Sag ja zum Bestätigen.`,
    },
    {
      what: 'blinds, once live state says what they are',
      calls: [call('HassSetPosition', { name: home.plainCovers[0]!.name, position: 30 })],
      question: undefined,
    },
  ];
  for (const row of rows)
    it(`${row.what}: ${row.question ?? 'sent'}`, () => {
      const verdict = judgeCalls({ ...inputOf('mach das bitte', true), calls: row.calls });
      assert.equal(verdict.kind === 'ask' ? verdict.question : undefined, row.question);
    });
  it('a cover whose class the turn has not read is asked about by the gate itself: it may be a door', () => {
    const blinds = home.plainCovers[0]!.name;
    const verdict = judgeCalls({ ...inputOf('mach das bitte', false), calls: [call('HassTurnOn', { name: blinds })] });
    assert.equal(verdict.kind === 'ask' ? verdict.question : undefined, `${blinds} öffnen? Sag ja zum Bestätigen.`);
  });
});

describe('the gate: a question asked after the live read is answered by the next yes', () => {
  it('sends the call asked about, by name and with the position, and reads nothing more', async () => {
    const home = generateDeviceHome(2200);
    const door = home.doorCovers[0]!.name;
    const harness = createHarness({ withoutTextModel: true });
    const message = async (body: unknown) => {
      const json = (await (await postChat(harness.app, body)).json()) as {
        choices: {
          message: {
            content: string | null;
            tool_calls?: { id: string; function: { name: string; arguments: string } }[];
          };
        }[];
      };
      return json.choices[0]!.message;
    };
    const first = buildHaRequest(home.home, { userText: `set the ${door} to 40 %`, era: '2026' });
    const read = (await message(first)).tool_calls![0]!;
    assert.equal(read.function.name, 'GetLiveContext');
    const afterRead = withResult(
      first,
      { id: read.id, name: read.function.name, arguments: '{}' },
      liveContextOf(home.home),
    );
    const question = (await message(afterRead)).content;
    assert.equal(question, `Set the ${door} to 40 %? Say yes to confirm.`);
    const yes = {
      ...afterRead,
      messages: [...afterRead.messages, { role: 'assistant', content: question }, { role: 'user', content: 'yes' }],
    };
    const sent = (await message(yes)).tool_calls!.map((call) => [
      call.function.name,
      JSON.parse(call.function.arguments),
    ]);
    assert.deepEqual(sent, [['HassSetPosition', { name: door, domain: ['cover'], position: 40 }]]);
  });
});
