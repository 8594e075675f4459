// The recorded Home Assistant exchange a replay server plays: its REST requests and answers, its WebSocket handshake and commands.

import { readFileSync } from 'node:fs';

/** One REST request as it was sent and the answer Home Assistant gave, byte for byte. */
export interface RecordedRestExchange {
  request: {
    method: string;
    /** The path with its query string, as sent. */
    path: string;
    /** The bearer token it carried. */
    token: string;
    /** The JSON body, or null when there was none. */
    body: unknown;
  };
  response: { status: number; headers: Record<string, string>; body: string };
}

/** The answer to one `auth` message, by the token it carried. */
export interface RecordedAuthAnswer {
  token: string;
  answer: Record<string, unknown>;
  /** Home Assistant closed the connection after the answer. */
  closes: boolean;
}

/** One WebSocket command (without its id, which the client chooses) and its answer (the id is the command's). */
export interface RecordedCommand {
  request: Record<string, unknown>;
  answer: Record<string, unknown>;
}

/** A whole recorded exchange. */
export interface RecordedExchange {
  /** The accepted and the refused token the exchange was made with. */
  tokens: { accepted: string; refused: string };
  rest: RecordedRestExchange[];
  websocket: {
    /** What the server sends first (`auth_required`). */
    hello: Record<string, unknown>;
    auth: RecordedAuthAnswer[];
    commands: RecordedCommand[];
  };
}

/** Reads a recorded exchange from a JSON file (test/fixtures/home-assistant-exchange/ holds one). */
export function readRecordedExchange(file: URL): RecordedExchange {
  const parsed = JSON.parse(readFileSync(file, 'utf8')) as Partial<RecordedExchange>;
  if (parsed.tokens === undefined || !Array.isArray(parsed.rest) || parsed.websocket === undefined) {
    throw new Error(`${file.pathname} is not a recorded Home Assistant exchange`);
  }
  return parsed as RecordedExchange;
}
