// understandRequest marks a request past a deterministic limit (a long message, a large home).

import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { isHearthError } from '../../../src/common/index.ts';
import { decodeChatRequest } from '../../../src/openai/index.ts';
import {
  DEFAULT_DETERMINISTIC_LIMITS,
  overLimitError,
  understandRequest,
  type DeterministicLimits,
} from '../../../src/assist/understand/index.ts';
import { firstRequest } from '../ha-turns.ts';

const turnOf = (text: string) => decodeChatRequest(firstRequest(text));

describe('understandRequest with deterministic limits', () => {
  const rows: { name: string; text: string; limits?: DeterministicLimits; code?: string; reason?: RegExp }[] = [
    { name: 'no limits given: never marked', text: 'x'.repeat(10_000) },
    {
      name: 'a short sentence on the defaults',
      text: 'turn off the kitchen light',
      limits: DEFAULT_DETERMINISTIC_LIMITS,
    },
    {
      name: 'exactly the character limit',
      text: 'a'.repeat(DEFAULT_DETERMINISTIC_LIMITS.maxChars),
      limits: DEFAULT_DETERMINISTIC_LIMITS,
    },
    {
      name: 'one character past it',
      text: 'a'.repeat(DEFAULT_DETERMINISTIC_LIMITS.maxChars + 1),
      limits: DEFAULT_DETERMINISTIC_LIMITS,
      code: 'MESSAGE_TOO_LONG',
      reason: /the message has 501 characters, more than settings\.ha_assist_max_deterministic_chars \(500\)/,
    },
    {
      name: 'a home past the entity limit',
      text: 'turn off the kitchen light',
      limits: { ...DEFAULT_DETERMINISTIC_LIMITS, maxEntities: 2 },
      code: 'HOME_TOO_LARGE',
      reason: /the home has \d+ entities, more than settings\.ha_assist_max_deterministic_entities \(2\)/,
    },
  ];
  for (const row of rows) {
    it(row.name, () => {
      const request = understandRequest(turnOf(row.text), undefined, undefined, row.limits);
      assert.equal(request.overLimit?.code, row.code);
      if (row.reason) assert.match(request.overLimit?.reason ?? '', row.reason);
    });
  }

  it('names the limit and the missing model in the 400 for a turn no model can take', () => {
    const request = understandRequest(turnOf('a'.repeat(600)), undefined, undefined, DEFAULT_DETERMINISTIC_LIMITS);
    const error = overLimitError(request.overLimit!);
    assert.ok(isHearthError(error));
    assert.equal(error.kind, 'invalid_request');
    assert.equal(error.code, 'MESSAGE_TOO_LONG');
    assert.match(error.message, /600 characters.*ha_assist_max_deterministic_chars.*ha_assist_text_model is not set/);
  });

  it("reads a client's entity YAML within the configured YAML limits", () => {
    const turn = turnOf('turn off the kitchen light');
    assert.ok(understandRequest(turn, undefined, undefined, DEFAULT_DETERMINISTIC_LIMITS).catalog !== undefined);
    const shallow = { ...DEFAULT_DETERMINISTIC_LIMITS, yaml: { maxDepth: 1, maxExpansion: 100_000 } };
    assert.throws(
      () => understandRequest(turn, undefined, undefined, shallow),
      (error: unknown) =>
        isHearthError(error) && error.code === 'ENTITY_YAML_REFUSED' && /deeper than 1 levels/.test(error.message),
    );
  });
});
