// The WebSocket after `auth_ok`: text frames in order, queued until the connection listens, and why it closed.

import WebSocket from 'ws';
import type { HearthError } from '../../common/index.ts';
import { describeSocketClose, textOf } from './socket-errors.ts';

/** Receives what arrives on an authenticated socket. */
export interface SocketListener {
  /** One text frame (a JSON message, or an array of them). */
  message(text: string): void;
  /** The socket closed; called once, with why. */
  closed(error: HearthError): void;
}

/** An authenticated WebSocket to Home Assistant. */
export interface HomeAssistantSocket {
  /** The version `auth_ok` announced, e.g. `2025.10.1`. */
  readonly haVersion: string | undefined;
  /** True until the socket closes. */
  readonly isOpen: boolean;
  /** Sends one text frame. */
  send(text: string): void;
  /** Sends one binary frame as given (the pipeline's audio, ha-apis.md §4.6). */
  sendBinary(bytes: Uint8Array): void;
  /** Sets the receiver; frames (and a close) that came before it are delivered first, in order. */
  listen(listener: SocketListener): void;
  /** Closes the socket. */
  close(): void;
  /** Breaks the connection without the close handshake, which a peer that stopped answering would never finish. */
  terminate(): void;
}

/** What the wrapper knows of the socket it wraps. */
export interface AuthenticatedSocketContext {
  /** `ws(s)://HOST:PORT/api/websocket`, for the close reason. */
  url: URL;
  /** The message limit, for the reason of a too-large message. */
  maxMessageBytes: number;
  haVersion: string | undefined;
}

/**
 * Wraps a socket that has just received `auth_ok`. It must be called in that same event, before `ws` can deliver
 * another frame, so that no frame is lost before the connection listens.
 */
export function wrapAuthenticatedSocket(socket: WebSocket, context: AuthenticatedSocketContext): HomeAssistantSocket {
  let listener: SocketListener | undefined;
  const queued: string[] = [];
  let closedWith: HearthError | undefined;
  let lastError: Error | undefined;
  socket.on('message', (data, isBinary) => {
    // Home Assistant sends text only; binary frames go from the client to it (ha-apis.md §3.10).
    if (isBinary) return;
    const text = textOf(data);
    if (listener === undefined) queued.push(text);
    else listener.message(text);
  });
  socket.on('error', (error) => {
    lastError = error;
  });
  socket.on('close', (code, reason) => {
    const { url, maxMessageBytes } = context;
    closedWith = describeSocketClose({ url, code, reason: reason.toString('utf8'), error: lastError, maxMessageBytes });
    listener?.closed(closedWith);
  });
  return {
    haVersion: context.haVersion,
    get isOpen() {
      return socket.readyState === WebSocket.OPEN;
    },
    send: (text) => socket.send(text),
    sendBinary: (bytes) => socket.send(bytes, { binary: true }),
    listen(next) {
      listener = next;
      for (const text of queued.splice(0)) next.message(text);
      if (closedWith !== undefined) next.closed(closedWith);
    },
    close: () => socket.close(1000),
    terminate: () => socket.terminate(),
  };
}
