// A tool list decoded once: the same frozen list (shared by every body that sends the same text) is validated once,
// the rest of each body every time, and the turn is the one a full validation gives. Generated over Home Assistant's
// tool lists and broken bodies.

import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { HearthError } from '../../src/common/index.ts';
import { buildHaRequest } from '../../src/homeassistant/request/index.ts';
import {
  createDecodedToolLists,
  createLargeValueCache,
  decodeChatRequest,
  parseJsonBody,
} from '../../src/openai/index.ts';
import { TWO_FLOOR_HOME } from '../fixtures/homes/two-floor-home.ts';

const SENTENCES = ['turn off the kitchen light', 'is the hall light on', 'what time is it', 'open the garage door'];
const ERAS = ['2025', '2026'] as const;

/** Bodies as the server reads them: through one large-value cache, so a repeated tool list is one frozen array. */
function bodies() {
  const largeValues = createLargeValueCache();
  return ERAS.flatMap((era) =>
    SENTENCES.map((userText) =>
      parseJsonBody(JSON.stringify(buildHaRequest(TWO_FLOOR_HOME, { userText, era })), { largeValues }),
    ),
  );
}

const codeOf = (run: () => unknown) => {
  try {
    run();
    return 'ok';
  } catch (error) {
    return error instanceof HearthError ? `${error.code} ${error.param ?? ''}` : String(error);
  }
};

describe('a tool list decoded once', () => {
  it('gives every body the turn a full validation gives', () => {
    const decoded = createDecodedToolLists();
    const all = bodies();
    assert.ok(all.every((body) => Object.isFrozen((body as { tools: unknown[] }).tools)));
    for (const body of [...all, ...all]) assert.deepEqual(decodeChatRequest(body, decoded), decodeChatRequest(body));
  });

  it('still validates the rest of every body', () => {
    const decoded = createDecodedToolLists();
    const [body] = bodies() as Record<string, unknown>[];
    decodeChatRequest(body, decoded);
    const broken = [
      { ...body, messages: [] },
      { ...body, model: '' },
      { ...body, temperature: 3 },
      { ...body, tool_choice: { type: 'function', function: { name: 'NoSuchTool' } } },
      { ...body, messages: [{ role: 'user' }] },
    ];
    for (const bad of broken)
      assert.equal(
        codeOf(() => decodeChatRequest(bad, decoded)),
        codeOf(() => decodeChatRequest(bad)),
      );
    assert.deepEqual(
      broken.map((bad) => codeOf(() => decodeChatRequest(bad, decoded)).split(' ')[0]),
      ['INVALID_REQUEST', 'INVALID_REQUEST', 'INVALID_REQUEST', 'INVALID_TOOL_CHOICE', 'INVALID_REQUEST'],
    );
  });

  it('rejects a broken frozen list every time, and never takes an unfrozen list as known', () => {
    const decoded = createDecodedToolLists();
    const [body] = bodies() as { tools: Record<string, unknown>[] }[];
    const tools = body!.tools;
    const duplicate = Object.freeze([...tools, tools[0]]);
    for (let i = 0; i < 2; i++)
      assert.match(
        codeOf(() => decodeChatRequest({ ...body, tools: duplicate }, decoded)),
        /^DUPLICATE_TOOL tools\[\d+\]\.function\.name$/,
      );
    decodeChatRequest(body, decoded);
    // The same entries in a new, unfrozen array with one broken: validated in full.
    const unfrozen = tools.map((tool, i) => (i === 0 ? { ...tool, type: 'nope' } : tool));
    assert.match(
      codeOf(() => decodeChatRequest({ ...body, tools: unfrozen }, decoded)),
      /^INVALID_REQUEST tools\[0\]\.type$/,
    );
  });
});
