// What HA-Assist logs about a turn: the rendered prompt only at debug level, since message content is private.

import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Logger } from '../../src/common/index.ts';
import type { Turn } from '../../src/conversation/index.ts';
import { logGenerativeTurn } from '../../src/assist/log-turn.ts';
import { understandRequest } from '../../src/assist/understand/index.ts';

function recordingLogger(debug: boolean): { logger: Logger; lines: [string, Record<string, unknown>][] } {
  const lines: [string, Record<string, unknown>][] = [];
  const logger: Logger = {
    debug: (fields, message) => void lines.push([message, fields]),
    info: (fields, message) => void lines.push([message, fields]),
    warn: (fields, message) => void lines.push([message, fields]),
    error: (fields, message) => void lines.push([message, fields]),
    child: () => logger,
    isLevelEnabled: (level) => debug || level !== 'debug',
  };
  return { logger, lines };
}

const TURN: Turn = {
  model: 'HA-Assist',
  messages: [{ role: 'user', content: 'make it cosy in here' }],
  tools: [],
  stream: false,
  extra: {},
} as unknown as Turn;
const PROMPT: Turn = { ...TURN, messages: [{ role: 'system', content: 'rules' }, ...TURN.messages] } as Turn;
const DIAGNOSTICS = { route: { route: 'llm', backend: 'gemma', prepMs: 1, inferenceCalls: 1 } } as const;

describe('logGenerativeTurn', () => {
  it('writes the rendered prompt at debug level', () => {
    const { logger, lines } = recordingLogger(true);
    logGenerativeTurn(logger, { request: understandRequest(TURN), type: 'text', prompt: PROMPT }, DIAGNOSTICS);
    const prompt = lines.find(([message]) => message === 'ha-assist prompt')?.[1];
    assert.deepEqual(prompt?.prompt, [
      { role: 'system', text: 'rules' },
      { role: 'user', text: 'make it cosy in here' },
    ]);
  });

  it('writes no message content above debug level', () => {
    const { logger, lines } = recordingLogger(false);
    logGenerativeTurn(logger, { request: understandRequest(TURN), type: 'text', prompt: PROMPT }, DIAGNOSTICS);
    assert.equal(JSON.stringify(lines).includes('cosy'), false);
    assert.deepEqual(
      lines.map(([message]) => message),
      ['ha-assist route'],
    );
  });
});
