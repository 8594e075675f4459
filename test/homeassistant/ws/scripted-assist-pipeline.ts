// A scripted Home Assistant WebSocket for the pipeline client tests: auth, then each command and binary frame recorded.

import type { AddressInfo } from 'node:net';
import { type WebSocket, WebSocketServer } from 'ws';

/** A command received after auth. */
export type PipelineCommand = { id: number; type: string } & Record<string, unknown>;

/** One thing a client sent after auth, in order: a JSON command or a binary frame. */
export type Received = { kind: 'command'; command: PipelineCommand } | { kind: 'binary'; bytes: Uint8Array };

/** The server's side of one connection. */
export interface PipelinePeer {
  /** Everything received on this connection after auth, in order. */
  readonly received: Received[];
  /** Sends one message (an array is a coalesced frame). */
  send(message: unknown): void;
  /** `{"id", "type": "result", "success": true, "result": null}`. */
  succeed(id: number, result?: unknown): void;
  /** `{"id", "type": "result", "success": false, "error": {code, message}}`. */
  fail(id: number, code: string, message: string): void;
  /** The event message of subscription `id`, as HA sends it. */
  event(id: number, type: string, data: unknown): Record<string, unknown>;
  /** Sends `event(id, type, data)`. */
  sendEvent(id: number, type: string, data: unknown): void;
  /** Drops the connection without a close frame. */
  terminate(): void;
}

/** How the server answers. */
export interface PipelineScript {
  /** Each command (default: `pong` to `ping`; `unsubscribe_events` is answered before this is called). */
  command?(command: PipelineCommand, peer: PipelinePeer): void;
  /** Each binary frame. */
  binary?(bytes: Uint8Array, peer: PipelinePeer): void;
}

/** A running scripted server. */
export interface ScriptedPipelineServer {
  /** `http://127.0.0.1:PORT`. */
  readonly origin: string;
  readonly token: string;
  /** Each connection's peer, in the order they authenticated. */
  readonly peers: PipelinePeer[];
  close(): Promise<void>;
}

/** An event's timestamp, in HA's format. */
export const EVENT_TIMESTAMP = '2026-01-01T06:00:00.123456+00:00';

/** Starts the server on a free loopback port. */
export async function startScriptedPipelineServer(script: PipelineScript): Promise<ScriptedPipelineServer> {
  const token = 'eyJ-pipeline-test-token-91c4';
  const wss = new WebSocketServer({ host: '127.0.0.1', port: 0, path: '/api/websocket' });
  await new Promise<void>((resolve) => wss.once('listening', resolve));
  const peers: PipelinePeer[] = [];
  wss.on('connection', (ws) => playConnection(ws, { token, script, peers }));
  return {
    origin: `http://127.0.0.1:${(wss.address() as AddressInfo).port}`,
    token,
    peers,
    close: async () => {
      for (const client of wss.clients) client.terminate();
      await new Promise<void>((resolve) => wss.close(() => resolve()));
    },
  };
}

function playConnection(ws: WebSocket, context: { token: string; script: PipelineScript; peers: PipelinePeer[] }) {
  const peer = createPeer(ws);
  let isAuthenticated = false;
  ws.on('message', (data, isBinary) => {
    const bytes = new Uint8Array(Buffer.isBuffer(data) ? data : Buffer.concat(data as Buffer[]));
    if (isBinary) {
      peer.received.push({ kind: 'binary', bytes });
      context.script.binary?.(bytes, peer);
      return;
    }
    const message = JSON.parse(Buffer.from(bytes).toString('utf8')) as PipelineCommand;
    if (!isAuthenticated) {
      isAuthenticated = message.type === 'auth' && message.access_token === context.token;
      if (!isAuthenticated) return ws.close();
      context.peers.push(peer);
      return peer.send({ type: 'auth_ok', ha_version: '2025.10.1' });
    }
    peer.received.push({ kind: 'command', command: message });
    if (message.type === 'ping') return peer.send({ id: message.id, type: 'pong' });
    if (message.type === 'unsubscribe_events') peer.succeed(message.id);
    context.script.command?.(message, peer);
  });
  peer.send({ type: 'auth_required', ha_version: '2025.10.1' });
}

function createPeer(ws: WebSocket): PipelinePeer {
  const event = (id: number, type: string, data: unknown) => ({
    id,
    type: 'event',
    event: { type, data, timestamp: EVENT_TIMESTAMP },
  });
  const send = (message: unknown) => ws.send(JSON.stringify(message));
  return {
    received: [],
    send,
    succeed: (id, result = null) => send({ id, type: 'result', success: true, result }),
    fail: (id, code, message) => send({ id, type: 'result', success: false, error: { code, message } }),
    event,
    sendEvent: (id, type, data) => send(event(id, type, data)),
    terminate: () => ws.terminate(),
  };
}

/** The commands a peer received, without the binary frames. */
export function commandsOf(peer: PipelinePeer): PipelineCommand[] {
  return peer.received.flatMap((each) => (each.kind === 'command' ? [each.command] : []));
}

/** The binary frames a peer received, as plain byte arrays. */
export function framesOf(peer: PipelinePeer): number[][] {
  return peer.received.flatMap((each) => (each.kind === 'binary' ? [[...each.bytes]] : []));
}

/** HA's `intent-end` data for a spoken answer (ha-apis.md §4.5). */
export function intentEnd(speech: string, conversationId: string, extra: Record<string, unknown> = {}) {
  return {
    processed_locally: true,
    intent_output: {
      response: {
        speech: { plain: { speech, extra_data: null } },
        card: {},
        language: 'en',
        response_type: 'action_done',
        data: { targets: [], success: [{ name: 'Kitchen light', type: 'entity', id: 'light.kitchen' }], failed: [] },
      },
      conversation_id: conversationId,
      continue_conversation: false,
      ...extra,
    },
  };
}

/** HA's `run-start` data. */
export function runStart(handlerId: number | null, conversationId = '01JTEXTCONVERSATION000000') {
  return {
    pipeline: '01JPIPELINE',
    language: 'en',
    conversation_id: conversationId,
    runner_data: { stt_binary_handler_id: handlerId, timeout: 300 },
  };
}
