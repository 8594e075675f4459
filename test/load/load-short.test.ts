// bench:load's short form: the same pre-flight, load and record for 3 s per surface at 16 connections, against
// hearth from the sources; it checks correctness under load (no errors, the right answer), never throughput.

import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import type { HaChatRequest } from '../../src/homeassistant/request/index.ts';
import { readHaRequestFixture } from '../fixtures/data.ts';
import {
  buildLoadCases,
  checkAnswer,
  measureSurface,
  ollamaChatBody,
  parseLoadArgs,
  type LoadRecord,
  type SurfaceResult,
} from '../../bench/support/load.ts';

/** Every field of a `--json` line, in order, with its type. */
const CONTRACT: Record<keyof LoadRecord, 'string' | 'number'> = {
  bench: 'string',
  surface: 'string',
  connections: 'number',
  duration_s: 'number',
  requests_per_s: 'number',
  p50_ms: 'number',
  p99_ms: 'number',
  p999_ms: 'number',
  errors: 'number',
  rss_start_mb: 'number',
  rss_end_mb: 'number',
};

describe("bench:load's request bodies", () => {
  it("writes the Ollama body as Home Assistant's Ollama integration sends it (the vendored request)", () => {
    const openAi = readHaRequestFixture('a-turn-off-living-room-light.json') as unknown as HaChatRequest;
    const ollama = readHaRequestFixture('variants/b-ollama-api-chat.json');
    const messages = ollama.messages as unknown[];
    // The vendored Ollama request is the round after a tool call; its first two messages are the first round's.
    assert.deepEqual(ollamaChatBody(openAi), { ...ollama, messages: messages.slice(0, 2) });
  });

  it('tells a wrong answer from the right one on both surfaces', () => {
    const [chat, ollama] = buildLoadCases();
    const call = chat!.calls[0]!;
    const other = JSON.stringify({ name: 'Another Light', domain: ['light'] });
    const chatBody = (args: string) =>
      JSON.stringify({
        object: 'chat.completion',
        choices: [
          {
            finish_reason: 'tool_calls',
            message: { content: null, tool_calls: [{ function: { name: call.name, arguments: args } }] },
          },
        ],
        metrics: { ha_route: { route: 'direct' } },
      });
    assert.equal(checkAnswer(chat!, chatBody(JSON.stringify(call.arguments))), undefined);
    assert.match(checkAnswer(chat!, chatBody(other)) ?? '', /^calls /);
    const line = (part: object) => JSON.stringify({ model: 'ha-assist:latest', ...part });
    const calls = [{ function: call }];
    const stream = [
      line({ message: { content: '', tool_calls: calls }, done: false }),
      line({ message: { content: '' }, done: true, done_reason: 'stop' }),
    ];
    assert.equal(checkAnswer(ollama!, `${stream.join('\n')}\n`), undefined);
    assert.match(checkAnswer(ollama!, `${stream[0]}\n`) ?? '', /done: false/);
  });
});

describe('bench:load, short form (3 s per surface, 16 connections)', () => {
  it('answers every request under load with 200 and the deterministic answer, one JSON line per surface', {
    timeout: 180_000,
  }, async () => {
    const options = parseLoadArgs(['--json', '--duration', '3', '--connections', '16', '--warmup', '1']);
    assert.deepEqual(options, { json: true, durationS: 3, connections: 16, warmupS: 1 });
    const results: SurfaceResult[] = [];
    const lines: string[] = [];
    for (const loadCase of buildLoadCases()) {
      const result = await measureSurface(loadCase, { ...options, build: 'sources' });
      results.push(result);
      lines.push(JSON.stringify(result.record));
    }
    assert.equal(lines.length, 2);
    for (const [index, line] of lines.entries()) {
      const record = JSON.parse(line) as Record<string, unknown>;
      assert.deepEqual(Object.keys(record), Object.keys(CONTRACT));
      for (const [field, type] of Object.entries(CONTRACT)) assert.equal(typeof record[field], type, field);
      assert.equal(record.bench, 'load');
      assert.equal(record.surface, ['chat-completions', 'ollama'][index]);
      assert.equal(record.connections, 16);
      assert.equal(record.errors, 0, line);
      assert.ok((record.requests_per_s as number) > 0, line);
      assert.ok(Number.isInteger(record.requests_per_s), line);
      assert.ok((record.rss_start_mb as number) > 0 && (record.rss_end_mb as number) > 0, line);
    }
    for (const { record, run } of results) {
      assert.deepEqual(run.statusCodes, { 200: run.responses }, record.surface);
      assert.deepEqual([run.socketErrors, run.timeouts, run.wrongBodies], [0, 0, 0], run.firstProblem);
      assert.ok(run.fullyChecked >= 3, `${record.surface}: ${run.fullyChecked} bodies read in full`);
    }
  });
});
