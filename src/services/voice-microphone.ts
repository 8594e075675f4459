// The microphone for `hearth voice --mic`: raw 16-bit mono PCM from `arecord`, else `sox`, whichever is installed.

import { spawn, spawnSync } from 'node:child_process';
import { createSampleAligner } from '../audio/index.ts';

/** A recorder program that is installed. */
export type Recorder = 'arecord' | 'sox';

/** A running recording. */
export interface Microphone {
  stop(): void;
}

/** The arguments of each recorder: raw signed 16-bit little-endian mono at `rate` Hz on stdout. */
const RECORDER_ARGS: Readonly<Record<Recorder, (rate: string) => string[]>> = {
  arecord: (rate) => ['-q', '-f', 'S16_LE', '-c', '1', '-r', rate, '-t', 'raw'],
  sox: (rate) => ['-q', '-d', '-t', 'raw', '-e', 'signed-integer', '-b', '16', '-c', '1', '-r', rate, '-'],
};

/** The first recorder found on the PATH, or undefined: checked before connecting, so its absence is bad usage. */
export function findRecorder(): Recorder | undefined {
  return (['arecord', 'sox'] as const).find(
    (program) => spawnSync(program, ['--version'], { stdio: 'ignore' }).error === undefined,
  );
}

/** Starts recording at `sampleRate`; each chunk of PCM goes to `onChunk` as it comes. */
export function startMicrophone(
  recorder: Recorder,
  sampleRate: number,
  onChunk: (pcm: Uint8Array) => void,
): Microphone {
  const child = spawn(recorder, RECORDER_ARGS[recorder](String(sampleRate)), { stdio: ['ignore', 'pipe', 'ignore'] });
  const aligned = createSampleAligner();
  let isStopped = false;
  child.stdout.on('data', (data: Buffer) => {
    const samples = aligned(data);
    if (samples.length > 0 && !isStopped) onChunk(samples);
  });
  // A recorder that cannot open the device exits at once; the run then ends by its own timeout or VAD.
  child.on('error', () => {});
  return {
    stop: () => {
      if (isStopped) return;
      isStopped = true;
      child.kill('SIGTERM');
    },
  };
}
