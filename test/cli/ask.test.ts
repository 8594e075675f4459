// `hearth ask`: what HA-Assist would do with a sentence, offline, against the demo home.

import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { runAsk } from '../../src/cli/ask.ts';

interface AskJson {
  route: string;
  tool_calls: { name: string; arguments: Record<string, unknown> }[];
  answer: string | null;
  prompt: { messages: { role: string; text: string }[]; tools: string[] } | null;
  rounds: unknown[];
}

async function ask(sentence: string, isJson: boolean): Promise<string> {
  let printed = '';
  await runAsk({ kind: 'ask', sentence, home: 'demo', isJson }, {}, (text) => (printed += text));
  return printed;
}

describe('hearth ask', () => {
  it('shows a deterministic command as its tool call', async () => {
    const out = JSON.parse(await ask('Turn off the kitchen light', true)) as AskJson;
    assert.equal(out.route, 'direct');
    assert.deepEqual(
      out.tool_calls.map((call) => call.name),
      ['HassTurnOff'],
    );
    assert.equal(out.prompt, null);
  });

  it("answers a state question through the demo home's live state, in two rounds", async () => {
    const out = JSON.parse(await ask('is the kitchen light on?', true)) as AskJson;
    assert.equal(out.rounds.length, 2);
    assert.match(out.answer ?? '', /on/i);
  });

  it('shows the compact prompt and tools a model would get, without calling one', async () => {
    const out = JSON.parse(await ask('Make the living room more comfortable', true)) as AskJson;
    assert.equal(out.route, 'llm');
    assert.match(out.prompt!.messages[0]!.text, /- Thermostat \| climate \| area: Living Room/);
    assert.ok(out.prompt!.tools.includes('HassClimateSetTemperature'));
    const text = await ask('Make the living room more comfortable', false);
    assert.match(text, /^route {4}llm → no model configured/);
    assert.match(text, /^tools {4}.*HassClimateSetTemperature/m);
  });
});
