// The audio of a `hearth voice` run, sent while Home Assistant listens: a WAV file at the pace it would be spoken,
// raw PCM from stdin as it comes, or the microphone.

import { chunkPcm, createSampleAligner } from '../audio/index.ts';
import type { PipelineRun } from '../homeassistant/index.ts';
import { startMicrophone } from './voice-microphone.ts';
import type { AudioSource } from './voice-run-plan.ts';

/** What sending audio reads: the time to wait between chunks, and stdin. */
export interface AudioIo {
  /** Waits, to stream audio in real time. */
  sleep: (ms: number) => Promise<void>;
  /** Raw PCM for `--raw-pcm`. */
  stdin: AsyncIterable<Buffer>;
}

/** Starts sending the run's audio; returns a function that stops it (the run also stops it as it stops listening). */
export function streamAudio(
  run: PipelineRun,
  source: AudioSource,
  options: { sampleRate: number; io: AudioIo },
): () => void {
  switch (source.kind) {
    case 'none':
      return () => {};
    case 'wav':
      void streamPcm(run, chunkPcm(source.pcm, options.sampleRate), options.io);
      return () => {};
    case 'stdin':
      return streamStdin(run, options.io.stdin);
    case 'mic': {
      const microphone = startMicrophone(source.recorder, options.sampleRate, (chunk) => {
        if (run.isListening) run.sendAudio(chunk);
        else microphone.stop();
      });
      return () => microphone.stop();
    }
  }
}

/** Sends the audio in 20 ms chunks at the pace it would be spoken, until Home Assistant stops listening. */
async function streamPcm(run: PipelineRun, chunks: readonly Uint8Array[], io: AudioIo): Promise<void> {
  for (const chunk of chunks) {
    // Home Assistant reads no more after stt-vad-end, an error or run-end: the rest of the file is not sent.
    if (!run.isListening) return;
    run.sendAudio(chunk);
    await io.sleep(20);
  }
  run.endAudio();
}

/** Raw PCM from stdin, sent as it comes (whole samples only), then the end-of-audio frame at its end. */
function streamStdin(run: PipelineRun, stdin: AsyncIterable<Buffer>): () => void {
  const aligned = createSampleAligner();
  const reading = stdin[Symbol.asyncIterator]();
  void (async () => {
    for (;;) {
      const next = await reading.next().catch(() => ({ done: true as const, value: undefined }));
      if (next.done || !run.isListening) break;
      const samples = aligned(next.value);
      if (samples.length > 0) run.sendAudio(samples);
    }
    run.endAudio();
  })();
  // An open stdin would keep the process waiting after the run is over.
  return () => void reading.return?.()?.catch(() => {});
}
