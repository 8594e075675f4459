// parseWav and writeWav, table-driven over WAV files built in the test: what is read, and what is refused and why.

import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { parseWav, writeWav } from '../../src/audio/index.ts';

/** A RIFF chunk: four-letter id, then the body (padded to an even length, as RIFF requires). */
function chunk(id: string, body: Uint8Array, options: { claimedSize?: number } = {}): Uint8Array {
  const padded = body.length % 2 === 1 ? body.length + 1 : body.length;
  const bytes = new Uint8Array(8 + padded);
  bytes.set(Buffer.from(id, 'latin1'), 0);
  new DataView(bytes.buffer).setUint32(4, options.claimedSize ?? body.length, true);
  bytes.set(body, 8);
  return bytes;
}

function concat(...parts: Uint8Array[]): Uint8Array {
  return new Uint8Array(Buffer.concat(parts));
}

/** A RIFF file of `form` (WAVE) around `chunks`. */
function riff(chunks: Uint8Array[], form = 'WAVE', magic = 'RIFF'): Uint8Array {
  const body = concat(...chunks);
  const header = new Uint8Array(12);
  header.set(Buffer.from(magic, 'latin1'), 0);
  new DataView(header.buffer).setUint32(4, 4 + body.length, true);
  header.set(Buffer.from(form, 'latin1'), 8);
  return concat(header, body);
}

interface Fmt {
  code?: number;
  channels?: number;
  sampleRate?: number;
  bits?: number;
  blockAlign?: number;
  /** WAVE_FORMAT_EXTENSIBLE with this subformat code. */
  subformat?: number;
}

function fmt(format: Fmt = {}): Uint8Array {
  const { channels = 1, sampleRate = 16000, bits = 16 } = format;
  const blockAlign = format.blockAlign ?? (channels * bits) / 8;
  const isExtensible = format.subformat !== undefined;
  const body = new Uint8Array(isExtensible ? 40 : 16);
  const view = new DataView(body.buffer);
  view.setUint16(0, isExtensible ? 0xfffe : (format.code ?? 1), true);
  view.setUint16(2, channels, true);
  view.setUint32(4, sampleRate, true);
  view.setUint32(8, sampleRate * blockAlign, true);
  view.setUint16(12, blockAlign, true);
  view.setUint16(14, bits, true);
  if (isExtensible) {
    view.setUint16(16, 22, true);
    view.setUint16(18, bits, true);
    view.setUint32(20, channels === 1 ? 0x4 : 0x3, true);
    // KSDATAFORMAT_SUBTYPE_*: the format code, then 0000-0010-8000-00aa00389b71.
    view.setUint16(24, format.subformat!, true);
    body.set([0x00, 0x00, 0x00, 0x00, 0x10, 0x00, 0x80, 0x00, 0x00, 0xaa, 0x00, 0x38, 0x9b, 0x71], 26);
  }
  return chunk('fmt ', body);
}

/** 16-bit little-endian samples. */
function samples(...values: number[]): Uint8Array {
  const bytes = new Uint8Array(values.length * 2);
  for (const [index, value] of values.entries()) new DataView(bytes.buffer).setInt16(index * 2, value, true);
  return bytes;
}

const MONO = samples(0, 1000, -1000, 32767, -32768);

describe('parseWav reads 16-bit PCM', () => {
  const rows: { name: string; file: Uint8Array; sampleRate: number; channels: number; pcm: number[] }[] = [
    {
      name: 'mono 16 kHz',
      file: riff([fmt(), chunk('data', MONO)]),
      sampleRate: 16000,
      channels: 1,
      pcm: [0, 1000, -1000, 32767, -32768],
    },
    {
      name: 'stereo averaged to mono',
      file: riff([
        fmt({ channels: 2, sampleRate: 44100 }),
        chunk('data', samples(100, 300, -32768, -32768, 32767, 32767, 5, -6)),
      ]),
      sampleRate: 44100,
      channels: 2,
      pcm: [200, -32768, 32767, -1],
    },
    {
      name: 'data before fmt, with LIST and an odd-sized chunk (padded) between',
      file: riff([
        chunk('LIST', Buffer.from('INFOISFT', 'latin1')),
        chunk('data', MONO),
        chunk('junk', Uint8Array.of(1, 2, 3)),
        fmt({ sampleRate: 8000 }),
      ]),
      sampleRate: 8000,
      channels: 1,
      pcm: [0, 1000, -1000, 32767, -32768],
    },
    {
      name: 'WAVE_FORMAT_EXTENSIBLE with the PCM subformat',
      file: riff([fmt({ subformat: 1, sampleRate: 48000 }), chunk('data', MONO)]),
      sampleRate: 48000,
      channels: 1,
      pcm: [0, 1000, -1000, 32767, -32768],
    },
    {
      name: 'an empty data chunk',
      file: riff([fmt(), chunk('data', new Uint8Array(0))]),
      sampleRate: 16000,
      channels: 1,
      pcm: [],
    },
    {
      name: 'a trailing pad byte after the last chunk',
      file: concat(riff([fmt(), chunk('data', MONO)]), Uint8Array.of(0)),
      sampleRate: 16000,
      channels: 1,
      pcm: [0, 1000, -1000, 32767, -32768],
    },
  ];
  for (const row of rows) {
    it(row.name, () => {
      const parsed = parseWav(row.file);
      assert.equal(parsed.kind, 'ok', parsed.kind === 'refused' ? parsed.reason : '');
      if (parsed.kind !== 'ok') return;
      assert.deepEqual(
        { sampleRate: parsed.sampleRate, channels: parsed.channels, pcm: [...parsed.pcm] },
        {
          sampleRate: row.sampleRate,
          channels: row.channels,
          pcm: row.pcm,
        },
      );
    });
  }
});

describe('parseWav refuses, naming what it is', () => {
  const data = chunk('data', MONO);
  const rows: { name: string; file: Uint8Array; reason: RegExp }[] = [
    { name: 'not RIFF', file: Buffer.from('ID3\u0004 this is an mp3 file', 'latin1'), reason: /not a WAV file/ },
    { name: 'empty', file: new Uint8Array(0), reason: /not a WAV file/ },
    { name: 'big-endian RIFX', file: riff([fmt(), data], 'WAVE', 'RIFX'), reason: /big-endian RIFX/ },
    { name: 'RIFF but AVI', file: riff([data], 'AVI '), reason: /RIFF "AVI " file, not WAVE/ },
    { name: '8-bit PCM', file: riff([fmt({ bits: 8 }), data]), reason: /8-bit PCM; only 16-bit/ },
    {
      name: '24-bit PCM',
      file: riff([fmt({ bits: 24 }), chunk('data', new Uint8Array(9))]),
      reason: /24-bit PCM; only 16-bit/,
    },
    { name: '32-bit PCM', file: riff([fmt({ bits: 32 }), data]), reason: /32-bit PCM/ },
    { name: 'IEEE float', file: riff([fmt({ code: 3, bits: 32 }), data]), reason: /IEEE float audio/ },
    { name: 'extensible float', file: riff([fmt({ subformat: 3, bits: 32 }), data]), reason: /IEEE float audio/ },
    { name: 'µ-law', file: riff([fmt({ code: 7, bits: 8 }), data]), reason: /µ-law audio/ },
    { name: 'MP3 in WAV', file: riff([fmt({ code: 0x55 }), data]), reason: /MP3 audio/ },
    { name: 'an unknown codec', file: riff([fmt({ code: 0x1234 }), data]), reason: /format code 0x1234/ },
    {
      name: 'six channels',
      file: riff([fmt({ channels: 6 }), chunk('data', new Uint8Array(12))]),
      reason: /6 channels/,
    },
    { name: 'a 4 kHz rate', file: riff([fmt({ sampleRate: 4000 }), data]), reason: /4000 Hz/ },
    { name: 'a 96 kHz rate', file: riff([fmt({ sampleRate: 96000 }), data]), reason: /96000 Hz/ },
    { name: 'a wrong block size', file: riff([fmt({ blockAlign: 4 }), data]), reason: /block size is 4/ },
    { name: 'no fmt chunk', file: riff([data]), reason: /no "fmt " chunk/ },
    { name: 'no data chunk', file: riff([fmt()]), reason: /no "data" chunk/ },
    { name: 'a short fmt chunk', file: riff([chunk('fmt ', new Uint8Array(14)), data]), reason: /shorter than the 16/ },
    {
      name: 'truncated data',
      file: riff([fmt(), chunk('data', MONO).subarray(0, 12)]),
      reason: /truncated: its "data" chunk claims 10 bytes, 4 are there/,
    },
    {
      name: 'a data size past the end (a stream)',
      file: riff([fmt(), chunk('data', MONO, { claimedSize: 0xffffffff })]),
      reason: /truncated/,
    },
    {
      name: 'data ending inside a frame',
      file: riff([fmt({ channels: 2 }), chunk('data', samples(1, 2, 3))]),
      reason: /ends inside a sample frame/,
    },
  ];
  for (const row of rows) {
    it(row.name, () => {
      const parsed = parseWav(row.file);
      assert.equal(parsed.kind, 'refused');
      if (parsed.kind === 'refused') assert.match(parsed.reason, row.reason);
    });
  }
});

describe('writeWav', () => {
  it('writes the canonical 44-byte header that parseWav reads back', () => {
    const pcm = Int16Array.of(0, 1, -1, 32767, -32768);
    const bytes = writeWav(pcm, 22050);
    assert.equal(bytes.length, 44 + 10);
    assert.equal(Buffer.from(bytes.subarray(0, 4)).toString('latin1'), 'RIFF');
    assert.equal(new DataView(bytes.buffer).getUint32(4, true), bytes.length - 8);
    assert.deepEqual(bytes.subarray(44), samples(0, 1, -1, 32767, -32768));
    const parsed = parseWav(bytes);
    assert.deepEqual(parsed.kind === 'ok' && [parsed.sampleRate, parsed.channels, [...parsed.pcm]], [
      22050,
      1,
      [...pcm],
    ]);
  });
});
