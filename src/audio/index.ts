// Audio input for the pipeline client: reading WAV files and framing PCM, pure functions that cli/ uses.
export { parseWav, writeWav, WAV_SAMPLE_RATES } from './wav.ts';
export { chunkPcm, createSampleAligner, frame, pcmBytes } from './pcm-chunks.ts';
