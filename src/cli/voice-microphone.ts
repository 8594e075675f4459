// The microphone for `hearth voice --mic`: raw 16-bit mono PCM from `arecord`, else `sox`, whichever is installed.

import { spawn, spawnSync } from 'node:child_process';
import { createSampleAligner } from '../audio/index.ts';
import { HearthError } from '../common/index.ts';

/** A running recording. */
export interface Microphone {
  stop(): void;
}

/** Starts recording at `sampleRate`; each chunk of PCM goes to `onChunk` as it comes. */
export function startMicrophone(sampleRate: number, onChunk: (pcm: Uint8Array) => void): Microphone {
  const rate = String(sampleRate);
  const recorders: [string, string[]][] = [
    ['arecord', ['-q', '-f', 'S16_LE', '-c', '1', '-r', rate, '-t', 'raw']],
    ['sox', ['-q', '-d', '-t', 'raw', '-e', 'signed-integer', '-b', '16', '-c', '1', '-r', rate, '-']],
  ];
  const found = recorders.find(
    ([program]) => spawnSync(program, ['--version'], { stdio: 'ignore' }).error === undefined,
  );
  if (found === undefined)
    throw new HearthError('invalid_request', 'BAD_ARGUMENTS', '--mic needs arecord (alsa-utils) or sox installed');
  const child = spawn(found[0], found[1], { stdio: ['ignore', 'pipe', 'ignore'] });
  const aligned = createSampleAligner();
  child.stdout.on('data', (data: Buffer) => {
    const samples = aligned(data);
    if (samples.length > 0) onChunk(samples);
  });
  return { stop: () => child.kill('SIGTERM') };
}
