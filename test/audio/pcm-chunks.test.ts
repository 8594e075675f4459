// chunkPcm and frame, table-driven: chunk sizes by rate and length, byte order, and the pipeline's binary frames.

import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { HearthError } from '../../src/common/index.ts';
import { chunkPcm, createSampleAligner, frame, pcmBytes } from '../../src/audio/index.ts';

describe('chunkPcm', () => {
  const rows = [
    {
      name: '1 s at 16 kHz: fifty 20 ms chunks of 320 samples',
      samples: 16000,
      rate: 16000,
      chunkMs: undefined,
      sizes: Array(50).fill(640),
    },
    {
      name: '8 kHz: 160 samples a chunk, the last one shorter',
      samples: 400,
      rate: 8000,
      chunkMs: undefined,
      sizes: [320, 320, 160],
    },
    { name: '44.1 kHz: 882 samples a chunk', samples: 882 * 2, rate: 44100, chunkMs: undefined, sizes: [1764, 1764] },
    { name: '100 ms chunks at 16 kHz', samples: 3200, rate: 16000, chunkMs: 100, sizes: [3200, 3200] },
    { name: 'no samples, no chunks', samples: 0, rate: 16000, chunkMs: undefined, sizes: [] },
  ];
  for (const row of rows) {
    it(row.name, () => {
      const chunks = chunkPcm(
        new Int16Array(row.samples),
        row.rate,
        row.chunkMs === undefined ? {} : { chunkMs: row.chunkMs },
      );
      assert.deepEqual(
        chunks.map((chunk) => chunk.length),
        row.sizes,
      );
    });
  }

  it('writes each sample little-endian and keeps their order across chunks', () => {
    const chunks = chunkPcm(Int16Array.of(1, -2, 0x1234, -32768, 32767), 100, { chunkMs: 20 });
    assert.deepEqual(
      chunks.map((chunk) => [...chunk]),
      [
        [0x01, 0x00, 0xfe, 0xff],
        [0x34, 0x12, 0x00, 0x80],
        [0xff, 0x7f],
      ],
    );
  });
});

describe('frame', () => {
  const rows = [
    {
      name: 'the id byte, then the chunk',
      id: 1,
      chunk: pcmBytes(Int16Array.of(1, -1)),
      bytes: [1, 0x01, 0x00, 0xff, 0xff],
    },
    { name: 'any one-byte id', id: 255, chunk: Uint8Array.of(7), bytes: [255, 7] },
    { name: 'an empty chunk makes the end-of-audio frame', id: 3, chunk: new Uint8Array(0), bytes: [3] },
  ];
  for (const row of rows) {
    it(row.name, () => assert.deepEqual([...frame(row.id, row.chunk)], row.bytes));
  }

  it('refuses an id that is not one byte', () => {
    for (const id of [-1, 256, 1.5]) {
      assert.throws(
        () => frame(id, Uint8Array.of(1)),
        (error) => error instanceof HearthError && error.code === 'AUDIO_HANDLER_ID_INVALID',
      );
    }
  });
});

describe('createSampleAligner', () => {
  it('passes whole samples on and keeps an odd last byte for the next read', () => {
    const aligned = createSampleAligner();
    assert.deepEqual([...aligned(Uint8Array.of(1, 2, 3))], [1, 2]);
    assert.deepEqual([...aligned(Uint8Array.of(4))], [3, 4]);
    assert.deepEqual([...aligned(Uint8Array.of(5))], []);
    assert.deepEqual([...aligned(Uint8Array.of(6, 7, 8))], [5, 6, 7, 8]);
  });
});
