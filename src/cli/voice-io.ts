// Where `hearth voice` reads and writes: output, progress, time and the network, passed in by main.ts.

import type { KeepaliveOptions } from '../homeassistant/index.ts';

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
  /** The WebSocket keepalive (default {@link VOICE_KEEPALIVE} of voice-connection.ts); tests shorten it. */
  keepalive?: KeepaliveOptions;
}
