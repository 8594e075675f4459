// Where `hearth voice` reads and writes: output, progress, time and the network, passed in by main.ts.

/** What the command reads and writes. */
export interface VoiceIo {
  print: (text: string) => void;
  printError: (text: string) => void;
  /** Progress (the bench's bar) goes here, never to stdout. */
  progress: (text: string) => void;
  /** Waits, to stream audio in real time. */
  sleep: (ms: number) => Promise<void>;
  /** A monotonic clock (ms). */
  now: () => number;
  fetch: typeof globalThis.fetch;
  /** Raw PCM for `--raw-pcm`. */
  stdin: AsyncIterable<Buffer>;
}
