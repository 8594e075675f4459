// The fake's WebSocket API over `ws`: HA's auth phase, then the command phase's id rules and dispatch (ha-apis.md §3).

import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { type RawData, type WebSocket, WebSocketServer } from 'ws';
import { type BinaryHandlerTable, createBinaryHandlerTable } from './binary-handlers.ts';
import { type FakeHaContext, type FakeUser, userOfToken } from './context.ts';
import { WS_COMMANDS, type WsCommand, type WsConnection, type WsMessage } from './ws-commands.ts';
import { validateAuthMessage, validateMessage } from './ws-schema.ts';

/** The paths HA serves its WebSocket on: the API path and the Supervisor proxy's. */
export const WEBSOCKET_PATHS: readonly string[] = ['/api/websocket', '/core/websocket'];

/** The WebSocket side of a fake: takes over upgraded requests, and ends every connection on close. */
export interface WebSocketEndpoint {
  handleUpgrade(request: IncomingMessage, socket: Duplex, head: Buffer): void;
  /** Breaks every open WebSocket without a close frame (a restart or a network drop); new ones are still served. */
  drop(): void;
  close(): void;
}

/** A `ws` server without its own listener; the fake's HTTP server hands it the upgrades. */
export function createWebSocketEndpoint(context: FakeHaContext): WebSocketEndpoint {
  const server = new WebSocketServer({ noServer: true });
  let opened = 0;
  return {
    handleUpgrade(request, socket, head) {
      server.handleUpgrade(request, socket, head, (ws) => serveConnection(ws, context, ++opened));
    },
    drop() {
      for (const client of server.clients) client.terminate();
    },
    close() {
      for (const client of server.clients) client.terminate();
      server.close();
    },
  };
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function parseJson(data: Buffer): unknown {
  try {
    return JSON.parse(data.toString('utf8'));
  } catch {
    return undefined;
  }
}

function toBuffer(data: RawData): Buffer {
  if (Buffer.isBuffer(data)) return data;
  return Array.isArray(data) ? Buffer.concat(data) : Buffer.from(data);
}

/** Runs one connection: `auth_required`, the auth message within the timeout, then commands; closes with 1000 as HA. */
function serveConnection(socket: WebSocket, context: FakeHaContext, index: number): void {
  const record = (direction: 'in' | 'out', data: string | Uint8Array) =>
    context.log.ws.push({ connection: index, direction, data });
  // A frozen Home Assistant (`assist.silentAt`): the socket stays open, nothing is read or sent any more.
  let isSilent = false;
  const send = (message: Record<string, unknown>): void => {
    if (socket.readyState !== socket.OPEN || isSilent) return;
    const text = JSON.stringify(message);
    record('out', text);
    socket.send(text);
  };
  let commands: CommandPhase | undefined;
  // HA: "Did not receive auth message within 10 seconds", then it disconnects.
  const authTimer = setTimeout(() => socket.close(1000), context.options.authTimeoutMs);
  socket.on('close', () => {
    clearTimeout(authTimer);
    commands?.end();
  });
  socket.on('message', (raw, isBinary) => {
    if (isSilent) return;
    const data = toBuffer(raw);
    record('in', isBinary ? new Uint8Array(data) : data.toString('utf8'));
    if (commands !== undefined) return commands.receive(data, isBinary);
    clearTimeout(authTimer);
    const user = authenticate(context, data, isBinary, send);
    if (user === undefined) socket.close(1000);
    else
      commands = new CommandPhase(context, user, {
        index,
        send,
        close: () => socket.close(1000),
        terminate: () => socket.terminate(),
        silence: () => {
          isSilent = true;
        },
      });
  });
  send({ type: 'auth_required', ha_version: context.options.haVersion });
}

/** The auth phase (`websocket_api/auth.py`): the user, or undefined after telling the client why (or not). */
function authenticate(
  context: FakeHaContext,
  data: Buffer,
  isBinary: boolean,
  send: (message: Record<string, unknown>) => void,
): FakeUser | undefined {
  // A binary or non-JSON first frame: HA disconnects without a word.
  if (isBinary) return undefined;
  const message = parseJson(data);
  if (message === undefined) return undefined;
  const formatError = validateAuthMessage(message);
  if (formatError !== undefined) {
    send({ type: 'auth_invalid', message: `Auth message incorrectly formatted: ${formatError}` });
    return undefined;
  }
  const token = (message as { access_token?: string }).access_token;
  const user = userOfToken(context, token);
  if (user === undefined) {
    send({ type: 'auth_invalid', message: 'Invalid access token or password' });
    return undefined;
  }
  send({ type: 'auth_ok', ha_version: context.options.haVersion });
  return user;
}

/** What the command phase may do with its socket. */
interface SocketControl {
  /** Which connection, counting from 1. */
  index: number;
  send(message: Record<string, unknown>): void;
  /** Closes with 1000, as HA does. */
  close(): void;
  /** Breaks the connection without a close frame. */
  terminate(): void;
  /** Stops reading and answering, the socket left open: a frozen host. */
  silence(): void;
}

/** The command phase of one connection (`websocket_api/connection.py` `async_handle`). */
class CommandPhase {
  private lastId = 0;
  private readonly connection: WsConnection;
  private readonly close: () => void;
  /** Binary handlers registered on this connection; the handler id is index + 1, as in HA. */
  private readonly binaryHandlers: BinaryHandlerTable = createBinaryHandlerTable();

  constructor(context: FakeHaContext, user: FakeUser, socket: SocketControl) {
    const { send, close, terminate, silence, index } = socket;
    this.close = close;
    this.connection = {
      context,
      user,
      index,
      registerBinaryHandler: (handler) => this.binaryHandlers.register(handler),
      subscriptions: new Map(),
      supportedFeatures: {},
      send,
      terminate,
      silence,
      sendResult: (id, result = null) => send({ id, type: 'result', success: true, result }),
      sendError: (id, code, message) => send(errorMessage(id, code, message)),
      sendEvent: (id, event) => send({ id, type: 'event', event }),
    };
  }

  /** One frame: a zero-length binary frame or text that is not JSON ends the connection; an array is many messages. */
  receive(data: Buffer, isBinary: boolean): void {
    if (isBinary && data.length === 0) this.close();
    else if (isBinary) this.receiveBinary(data);
    else {
      const parsed = parseJson(data);
      if (parsed === undefined) this.close();
      else for (const message of Array.isArray(parsed) ? parsed : [parsed]) this.handle(message);
    }
  }

  /** `[handler id] + payload` (ha-apis.md §3.10): recorded, then handed to the handler; an unknown id is only logged. */
  private receiveBinary(data: Buffer): void {
    const { context, index } = this.connection;
    const handlerId = data[0] as number;
    const bytes = Buffer.from(data.subarray(1));
    context.log.binaryFrames.push({ connection: index, handlerId, bytes });
    const handler = this.binaryHandlers.find(handlerId);
    if (handler === undefined)
      context.log.warnings.push(`Received binary message for non-existing handler ${handlerId}`);
    else handler(bytes);
  }

  /** Ends the connection's subscriptions. */
  end(): void {
    for (const end of this.connection.subscriptions.values()) end();
    this.connection.subscriptions.clear();
  }

  private handle(message: unknown): void {
    const { connection } = this;
    const refusal = this.refuse(message);
    if (refusal !== undefined) {
      connection.send(refusal);
      return;
    }
    const { id, type } = message as WsMessage;
    // A registry a test edited in place fires its events now, before this command's answer, as HA would have.
    connection.context.home.registries.sync();
    const command = WS_COMMANDS[type] as WsCommand;
    const schemaError = validateMessage(message as WsMessage, command.schema);
    try {
      if (schemaError !== undefined) connection.sendError(id, 'invalid_format', schemaError);
      else command.handle(message as WsMessage, connection);
    } catch {
      connection.sendError(id, 'unknown_error', 'Unknown error');
    }
    // As in HA, the last id advances for every known command, even one that failed validation.
    this.lastId = id;
  }

  /** The error a message gets before any command runs: bad format, a reused id, an unknown command. */
  private refuse(message: unknown): Record<string, unknown> | undefined {
    if (!isObject(message) || !isValidId(message.id) || typeof message.type !== 'string' || message.type === '')
      return errorMessage(
        isObject(message) ? (message.id ?? null) : 0,
        'invalid_format',
        'Message incorrectly formatted.',
      );
    const { id, type } = message as WsMessage;
    if (id <= this.lastId) return errorMessage(id, 'id_reuse', 'Identifier values have to increase.');
    const command = Object.hasOwn(WS_COMMANDS, type) ? WS_COMMANDS[type] : undefined;
    if (command === undefined || command.isAvailable?.(this.connection.context.options.features) === false)
      return errorMessage(id, 'unknown_command', 'Unknown command.');
    return undefined;
  }
}

const isValidId = (id: unknown): id is number => typeof id === 'number' && Number.isInteger(id) && id > 0;

function errorMessage(id: unknown, code: string, message: string): Record<string, unknown> {
  return { id, type: 'result', success: false, error: { code, message } };
}
