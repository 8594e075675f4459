// The GGUF writer and the generated test models: readable by node-llama-cpp's parser, written once per content.

import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtemp, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { readGgufFileInfo } from 'node-llama-cpp';
import { ensureTestModels, writeGguf } from './index.ts';

describe('writeGguf', () => {
  it('writes metadata and aligned F32 tensors that node-llama-cpp reads back', async () => {
    const folder = await mkdtemp(join(tmpdir(), 'hearth-gguf-'));
    try {
      const path = join(folder, 'tiny.gguf');
      await writeFile(
        path,
        writeGguf({
          metadata: [
            ['general.architecture', { type: 'string', value: 'llama' }],
            ['test.count', { type: 'u32', value: 7 }],
            ['test.flag', { type: 'bool', value: true }],
            ['test.words', { type: 'strings', value: ['a', 'bé'] }],
          ],
          tensors: [
            { name: 'first', dims: [3], data: Float32Array.from([1, 2, 3]) },
            { name: 'second', dims: [2, 2], data: Float32Array.from([1, 0, 0, 1]) },
          ],
        }),
      );
      const info = await readGgufFileInfo(path);
      assert.equal(info.version, 3);
      const metadata = info.metadata as unknown as {
        general: { architecture: string };
        test: { count: number; flag: boolean; words: string[] };
      };
      assert.equal(metadata.general.architecture, 'llama');
      assert.deepEqual(metadata.test, { count: 7, flag: true, words: ['a', 'bé'] });
      assert.deepEqual(
        info.fullTensorInfo?.map((tensor) => [tensor.name, tensor.dimensions.map(Number), Number(tensor.offset) % 32]),
        [
          ['first', [3], 0],
          ['second', [2, 2], 0],
        ],
      );
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  });

  it('refuses a tensor whose data does not fill its dimensions', () => {
    assert.throws(
      () => writeGguf({ metadata: [], tensors: [{ name: 'bad', dims: [2, 2], data: new Float32Array(3) }] }),
      /bad/,
    );
  });
});

describe('ensureTestModels', () => {
  it('writes each model once, under a name from its content, and agrees when called concurrently', async () => {
    const [first, second] = await Promise.all([ensureTestModels(), ensureTestModels()]);
    assert.deepEqual(first, second);
    const before = await stat(first!.chat);
    const again = await ensureTestModels();
    assert.deepEqual(again, first);
    assert.equal((await stat(again.chat)).mtimeMs, before.mtimeMs, 'an existing model is not rewritten');
    const info = await readGgufFileInfo(again.chat);
    assert.equal(
      (info.metadata as unknown as { tokenizer: { chat_template: string } }).tokenizer.chat_template.includes(
        '<|im_start|>',
      ),
      true,
    );
  });
});
