// A run's audio outlet: frames held until run-start gives the handler id, then sent in order (ha-apis.md §4.6).

import type { HomeAssistantConnection } from './connection.ts';
import { binaryFrame } from './messages.ts';

/** Where a run's audio goes. */
export interface PipelineAudio {
  /** Sends (or holds) one chunk of PCM; an empty chunk is ignored, since alone the id byte means end of audio. */
  send(pcm: Uint8Array): void;
  /** Sends (or holds) the end-of-audio frame, once; later chunks are dropped. */
  end(): void;
  /** The handler id is known: held frames go out now (null: the run takes no audio, so they are dropped). */
  open(handlerId: number | null): void;
  /** The run is over: nothing more is sent. */
  close(): void;
}

/** An outlet for the audio of one run on `connection`. */
export function createPipelineAudio(connection: HomeAssistantConnection): PipelineAudio {
  // An empty payload in the queue is the end-of-audio marker.
  const held: Uint8Array[] = [];
  let handlerId: number | null | undefined;
  let isEnded = false;
  let isClosed = false;

  function deliver(payload: Uint8Array): void {
    if (isClosed || handlerId === null) return;
    if (handlerId === undefined) held.push(payload);
    // A closed connection ends the run as connection-lost; the frame has nowhere to go.
    else if (connection.isOpen) connection.sendBinary(binaryFrame(handlerId, payload));
  }

  return {
    send(pcm) {
      if (isEnded || pcm.length === 0) return;
      deliver(pcm);
    },
    end() {
      if (isEnded) return;
      isEnded = true;
      deliver(new Uint8Array(0));
    },
    open(id) {
      if (handlerId !== undefined) return;
      handlerId = id;
      for (const payload of held.splice(0)) deliver(payload);
    },
    close() {
      isClosed = true;
      held.length = 0;
    },
  };
}
