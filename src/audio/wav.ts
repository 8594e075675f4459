// WAV files: reading 16-bit PCM (mono, or stereo averaged to mono) out of RIFF/WAVE, and writing mono 16-bit PCM.

import { pcmBytes } from './pcm-chunks.ts';

/** A read WAV file, or why it was refused. */
export type ParsedWav =
  | {
      kind: 'ok';
      /** Hz. */
      sampleRate: number;
      /** The file's channel count (1 or 2); `pcm` is mono either way. */
      channels: number;
      /** Mono 16-bit samples; a stereo file's two channels averaged. */
      pcm: Int16Array;
    }
  | { kind: 'refused'; reason: string };

/** The sample rates accepted: telephone quality to studio quality, which Home Assistant resamples to 16 kHz. */
export const WAV_SAMPLE_RATES = { min: 8000, max: 48_000 } as const;

const PCM = 1;
const EXTENSIBLE = 0xfffe;
/** Names of the format codes met in the wild, for the refusal message. */
const FORMAT_NAMES: Readonly<Record<number, string>> = {
  2: 'Microsoft ADPCM',
  3: 'IEEE float',
  6: 'A-law',
  7: 'µ-law',
  17: 'IMA ADPCM',
  49: 'GSM 6.10',
  85: 'MP3',
};

interface Chunk {
  id: string;
  body: Uint8Array;
}

interface Format {
  code: number;
  channels: number;
  sampleRate: number;
  blockAlign: number;
  bitsPerSample: number;
}

/** Reads a WAV file's 16-bit PCM; anything else (other depths, float, compressed, truncated) is refused, saying what it is. */
export function parseWav(bytes: Uint8Array): ParsedWav {
  const chunks = readChunks(bytes);
  if (typeof chunks === 'string') return refused(chunks);
  const fmt = chunks.find((chunk) => chunk.id === 'fmt ');
  const data = chunks.find((chunk) => chunk.id === 'data');
  if (fmt === undefined) return refused('the WAV file has no "fmt " chunk');
  if (data === undefined) return refused('the WAV file has no "data" chunk');
  const format = readFormat(fmt.body);
  if (typeof format === 'string') return refused(format);
  const problem = formatProblem(format);
  if (problem !== undefined) return refused(problem);
  if (data.body.length % format.blockAlign !== 0) {
    return refused(`the WAV data (${data.body.length} bytes) ends inside a sample frame: the file is truncated`);
  }
  return { kind: 'ok', sampleRate: format.sampleRate, channels: format.channels, pcm: monoSamples(data.body, format) };
}

/** The RIFF chunks of a WAVE file, in file order, or why it is not one. */
function readChunks(bytes: Uint8Array): Chunk[] | string {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const magic = ascii(bytes, 0, 4);
  if (magic === 'RIFX') return 'the file is a big-endian RIFX file; only little-endian RIFF WAV is read';
  if (bytes.length < 12 || magic !== 'RIFF') return 'the file is not a WAV file (it does not start with "RIFF")';
  if (ascii(bytes, 8, 4) !== 'WAVE') return `the file is a RIFF "${ascii(bytes, 8, 4)}" file, not WAVE`;
  const chunks: Chunk[] = [];
  let offset = 12;
  // A trailing pad byte or a few stray bytes after the last chunk are not a chunk header.
  while (offset + 8 <= bytes.length) {
    const id = ascii(bytes, offset, 4);
    const size = view.getUint32(offset + 4, true);
    const start = offset + 8;
    if (start + size > bytes.length) {
      return `the WAV file is truncated: its "${id.trim()}" chunk claims ${size} bytes, ${bytes.length - start} are there`;
    }
    chunks.push({ id, body: bytes.subarray(start, start + size) });
    // RIFF pads every odd-sized chunk to an even length.
    offset = start + size + (size % 2);
  }
  return chunks;
}

/** The `fmt ` chunk; WAVE_FORMAT_EXTENSIBLE is reduced to its subformat's code. */
function readFormat(body: Uint8Array): Format | string {
  if (body.length < 16) return `the WAV "fmt " chunk is ${body.length} bytes, shorter than the 16 it needs`;
  const view = new DataView(body.buffer, body.byteOffset, body.byteLength);
  let code = view.getUint16(0, true);
  if (code === EXTENSIBLE) {
    if (body.length < 40) return 'the WAV "fmt " chunk says WAVE_FORMAT_EXTENSIBLE but is too short for its subformat';
    // The subformat GUID starts with the plain format code (KSDATAFORMAT_SUBTYPE_PCM is 00000001-0000-0010-…).
    code = view.getUint16(24, true);
  }
  return {
    code,
    channels: view.getUint16(2, true),
    sampleRate: view.getUint32(4, true),
    blockAlign: view.getUint16(12, true),
    bitsPerSample: view.getUint16(14, true),
  };
}

/** Why a format is not 16-bit PCM, mono or stereo, at a usual rate; undefined when it is. */
function formatProblem(format: Format): string | undefined {
  const { code, channels, sampleRate, bitsPerSample, blockAlign } = format;
  if (code !== PCM) {
    const name = FORMAT_NAMES[code] ?? `format code 0x${code.toString(16).padStart(4, '0')}`;
    return `the WAV file holds ${name} audio; only 16-bit PCM is read`;
  }
  if (bitsPerSample !== 16) return `the WAV file holds ${bitsPerSample}-bit PCM; only 16-bit PCM is read`;
  if (channels !== 1 && channels !== 2) return `the WAV file has ${channels} channels; only mono or stereo is read`;
  if (sampleRate < WAV_SAMPLE_RATES.min || sampleRate > WAV_SAMPLE_RATES.max) {
    return `the WAV file's sample rate is ${sampleRate} Hz; ${WAV_SAMPLE_RATES.min}–${WAV_SAMPLE_RATES.max} Hz is read`;
  }
  if (blockAlign !== channels * 2) {
    return `the WAV "fmt " chunk's block size is ${blockAlign}, not ${channels * 2} as 16-bit ${channels}-channel PCM needs`;
  }
  return undefined;
}

/** The samples as mono: a stereo frame's two samples averaged. */
function monoSamples(data: Uint8Array, format: Format): Int16Array {
  const view = new DataView(data.buffer, data.byteOffset, data.byteLength);
  const frames = data.length / format.blockAlign;
  const pcm = new Int16Array(frames);
  for (let frame = 0; frame < frames; frame++) {
    const at = frame * format.blockAlign;
    pcm[frame] =
      format.channels === 1 ? view.getInt16(at, true) : (view.getInt16(at, true) + view.getInt16(at + 2, true)) >> 1;
  }
  return pcm;
}

/** A mono 16-bit PCM WAV file (the canonical 44-byte header, then the samples little-endian). */
export function writeWav(pcm: Int16Array, sampleRate: number): Uint8Array {
  const bytes = new Uint8Array(44 + pcm.length * 2);
  const view = new DataView(bytes.buffer);
  const text = (at: number, value: string) => {
    for (let i = 0; i < value.length; i++) bytes[at + i] = value.charCodeAt(i);
  };
  text(0, 'RIFF');
  view.setUint32(4, 36 + pcm.length * 2, true);
  text(8, 'WAVE');
  text(12, 'fmt ');
  view.setUint32(16, 16, true);
  view.setUint16(20, PCM, true);
  view.setUint16(22, 1, true);
  view.setUint32(24, sampleRate, true);
  view.setUint32(28, sampleRate * 2, true);
  view.setUint16(32, 2, true);
  view.setUint16(34, 16, true);
  text(36, 'data');
  view.setUint32(40, pcm.length * 2, true);
  bytes.set(pcmBytes(pcm), 44);
  return bytes;
}

function ascii(bytes: Uint8Array, at: number, length: number): string {
  return String.fromCharCode(...bytes.subarray(at, at + length));
}

function refused(reason: string): ParsedWav {
  return { kind: 'refused', reason };
}
