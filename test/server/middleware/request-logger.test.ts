// A request's logger: one line per request at info, with what HA-Assist noted on it; no child logger, no line and no
// redaction at levels that print nothing; a note after the closing line (a stream still running) is a line of its own.

import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { Logger } from '../../../src/common/index.ts';
import { ConfigSchema } from '../../../src/cli/config-schema.ts';
import { buildApp } from '../../../src/cli/wire.ts';
import { buildHaRequest } from '../../../src/homeassistant/request/index.ts';
import { createRequestLogger } from '../../../src/server/middleware/request-logger.ts';
import { createCountingIds, createFakeClock } from '../../fakes/clock/index.ts';
import { TWO_FLOOR_HOME } from '../../fixtures/homes/two-floor-home.ts';

type Level = 'debug' | 'info' | 'warn' | 'error';
const ORDER: readonly Level[] = ['debug', 'info', 'warn', 'error'];

/** A logger at `level` that records its lines (with their bindings) and how many child loggers were made. */
function recording(level: Level) {
  const lines: { level: Level; message: string; fields: Record<string, unknown> }[] = [];
  let children = 0;
  const make = (bindings: Record<string, unknown>): Logger => {
    const write = (at: Level) => (fields: Record<string, unknown>, message: string) => {
      if (ORDER.indexOf(at) >= ORDER.indexOf(level))
        lines.push({ level: at, message, fields: { ...bindings, ...fields } });
    };
    return {
      debug: write('debug'),
      info: write('info'),
      warn: write('warn'),
      error: write('error'),
      child: (more) => {
        children++;
        return make({ ...bindings, ...more });
      },
      isLevelEnabled: (at) => ORDER.indexOf(at) >= ORDER.indexOf(level),
    };
  };
  return { logger: make({}), lines, children: () => children };
}

describe('a request logger', () => {
  it('writes the closing line with every note, once, bound to the request', () => {
    const base = recording('info');
    const logger = createRequestLogger(base.logger, { reqId: 'r1' });
    logger.note?.({ route: 'direct' }, 'ha-assist route');
    logger.note?.({ plan: 'action' }, 'ha-assist route');
    logger.debug({ secret: 'x' }, 'not written');
    logger.end({ status: 200 }, 'request');
    assert.deepEqual(base.lines, [
      { level: 'info', message: 'request', fields: { reqId: 'r1', status: 200, route: 'direct', plan: 'action' } },
    ]);
    assert.equal(base.children(), 1);
  });

  it('writes a note made after the closing line as a line of its own', () => {
    const base = recording('info');
    const logger = createRequestLogger(base.logger, { reqId: 'r2' });
    logger.end({ status: 200 }, 'request');
    logger.note?.({ route: 'llm' }, 'ha-assist route');
    assert.deepEqual(
      base.lines.map((line) => [line.message, line.fields]),
      [
        ['request', { reqId: 'r2', status: 200 }],
        ['ha-assist route', { reqId: 'r2', route: 'llm' }],
      ],
    );
  });

  it('makes no child logger and writes nothing at a level that does not print; a warning is still written', () => {
    const base = recording('warn');
    const logger = createRequestLogger(base.logger, { reqId: 'r3' });
    logger.note?.({ route: 'direct' }, 'ha-assist route');
    logger.info({ a: 1 }, 'info');
    logger.end({ status: 200 }, 'request');
    assert.equal(base.children(), 0);
    assert.deepEqual(base.lines, []);
    logger.warn({ b: 2 }, 'careful');
    assert.deepEqual(base.lines, [{ level: 'warn', message: 'careful', fields: { reqId: 'r3', b: 2 } }]);
    assert.equal(base.children(), 1);
  });
});

describe('the server logs one line per request', () => {
  const sentences = [
    'Turn off the Kitchen Light',
    'is the hall light on',
    'turn on the porch light',
    'what time is it',
  ];
  const post = async (level: Level) => {
    const base = recording(level);
    const app = buildApp(ConfigSchema.parse({}), {
      clock: createFakeClock(),
      ids: createCountingIds(),
      logger: base.logger,
    });
    for (const text of sentences) {
      const body = JSON.stringify(buildHaRequest(TWO_FLOOR_HOME, { userText: text, era: '2026' }));
      const response = await app.fetch(
        new Request('http://hearth.test/v1/chat/completions', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body,
        }),
      );
      assert.equal(response.status, 200, text);
      await response.text();
    }
    return base;
  };

  it('at info: one line for each HA-Assist answer, with its route and plan', async () => {
    const { lines } = await post('info');
    const requests = lines.filter((line) => line.fields.path === '/v1/chat/completions');
    assert.deepEqual(
      requests.map((line) => [line.level, line.message, line.fields.status, line.fields.route, line.fields.plan]),
      [
        ['info', 'request', 200, 'direct', 'action'],
        ['info', 'request', 200, 'direct', 'state'],
        ['info', 'request', 200, 'direct', 'action'],
        ['info', 'request', 200, 'direct', 'time'],
      ],
    );
    assert.equal(new Set(requests.map((line) => line.fields.reqId)).size, sentences.length);
    assert.equal(lines.filter((line) => line.message === 'ha-assist route').length, 0);
  });

  it('at warn: no line and no child logger for them', async () => {
    const base = await post('warn');
    assert.deepEqual(base.lines, []);
    assert.equal(base.children(), 0);
  });
});
