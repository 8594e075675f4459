// `server.workers: 2`: two processes share the port; requests are answered and the program stops cleanly.

import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { firstRequest } from '../assist/ha-turns.ts';
import { spawnHearth, type RunningHearth } from './spawn-hearth.ts';

let hearth: RunningHearth;

before(async () => {
  hearth = await spawnHearth(['server:', '  workers: 2'].join('\n'));
});

after(async () => {
  await hearth?.stop();
});

describe('two server workers', () => {
  it('says so in the banner and answers HA-Assist on many connections at once', async () => {
    assert.match(hearth.stdout(), /workers: 2 processes share the port/);
    const responses = await Promise.all(
      Array.from({ length: 12 }, () =>
        fetch(`${hearth.url}/v1/chat/completions`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', connection: 'close' },
          body: JSON.stringify(firstRequest('Turn off the kitchen light')),
        }),
      ),
    );
    for (const response of responses) {
      const body = (await response.json()) as {
        choices: { message: { tool_calls: { function: { name: string } }[] } }[];
      };
      assert.equal(response.status, 200);
      assert.equal(body.choices[0]!.message.tool_calls[0]!.function.name, 'HassTurnOff');
    }
  });

  it('prints the banner once, from the primary', () => {
    assert.equal(hearth.stdout().match(/hearth is listening on/g)?.length, 1);
  });
});
