// Real-time sized chunks of 16-bit mono PCM as little-endian bytes, and the pipeline's binary frame around one.

import { HearthError } from '../common/index.ts';

/** The usual chunk length: 20 ms, the pace a microphone delivers. */
export const DEFAULT_CHUNK_MS = 20;

/** Options of {@link chunkPcm}. */
export interface ChunkPcmOptions {
  /** Milliseconds of audio per chunk (default 20); the last chunk may be shorter. */
  chunkMs?: number;
}

/** Splits samples into chunks of `chunkMs` (sampleRate / 50 samples at 20 ms), each as 16-bit little-endian bytes. */
export function chunkPcm(pcm: Int16Array, sampleRate: number, options: ChunkPcmOptions = {}): Uint8Array[] {
  const samplesPerChunk = Math.max(1, Math.round((sampleRate * (options.chunkMs ?? DEFAULT_CHUNK_MS)) / 1000));
  const chunks: Uint8Array[] = [];
  for (let start = 0; start < pcm.length; start += samplesPerChunk) {
    chunks.push(pcmBytes(pcm.subarray(start, start + samplesPerChunk)));
  }
  return chunks;
}

/** Samples as 16-bit little-endian bytes, whatever the machine's byte order. */
export function pcmBytes(pcm: Int16Array): Uint8Array {
  const bytes = new Uint8Array(pcm.length * 2);
  const view = new DataView(bytes.buffer);
  for (const [index, sample] of pcm.entries()) view.setInt16(index * 2, sample, true);
  return bytes;
}

/** `[handlerId] + chunk`, the pipeline's audio frame; an empty chunk makes the end-of-audio frame (the id alone). */
export function frame(handlerId: number, chunk: Uint8Array): Uint8Array {
  if (!Number.isInteger(handlerId) || handlerId < 0 || handlerId > 255) {
    throw new HearthError('AUDIO_HANDLER_ID_INVALID', `a handler id is one byte, not ${handlerId}`);
  }
  const bytes = new Uint8Array(chunk.length + 1);
  bytes[0] = handlerId;
  bytes.set(chunk, 1);
  return bytes;
}

/**
 * Cuts a byte stream of 16-bit PCM into whole samples: each call returns the whole samples received so far and keeps
 * an odd last byte for the next (a pipe or a recorder may split a sample between two reads).
 */
export function createSampleAligner(): (data: Uint8Array) => Uint8Array {
  let carry: Uint8Array = new Uint8Array(0);
  return (data) => {
    const bytes = new Uint8Array(carry.length + data.length);
    bytes.set(carry);
    bytes.set(data, carry.length);
    const whole = bytes.length - (bytes.length % 2);
    carry = bytes.slice(whole);
    return bytes.subarray(0, whole);
  };
}
