// Audio input for the pipeline client: reading WAV files and framing PCM, pure functions that cli/ uses.
export { parseWav, writeWav, WAV_SAMPLE_RATES, type ParsedWav } from './wav.ts';
export {
  chunkPcm,
  createSampleAligner,
  DEFAULT_CHUNK_MS,
  frame,
  pcmBytes,
  type ChunkPcmOptions,
} from './pcm-chunks.ts';
