// Plays one HA-Assist turn through the app as Home Assistant would: the first request of a two-floor home's turn,
// then HA's GetLiveContext result for each read HA-Assist asks for, up to the turn's answer or error.

import { postChat, type Harness } from '../server/app-harness.ts';
import type { Answer } from './ask-app.ts';
import { liveContextOf, withResult } from './ha-turns.ts';
import { buildHaRequest, type HaChatRequest, type Home } from '../../src/homeassistant/request/index.ts';
import { TWO_FLOOR_FLOORS } from '../fixtures/homes/two-floor-home.ts';

/** The most GetLiveContext reads a turn may ask for before it must be answered. */
const MAX_READS = 2;

/** What a turn is: the home, the sentence, and how Home Assistant sends it. */
export interface TurnSpec {
  home: Home;
  text: string;
  parallelToolCalls?: false;
  /** Sent from a satellite in this area. */
  satelliteArea?: string;
  /** The satellite has timers (Home Assistant then offers the timer tools). */
  satelliteHasTimers?: boolean;
}

/** The last round of a turn (after `reads` GetLiveContext rounds): the answer, or the error status and code. */
export type Played =
  | { kind: 'answer'; answer: Answer; reads: number }
  | { kind: 'error'; status: number; code: unknown; reads: number };

/** The request body of the turn's first round: HA 2026's shape, the two-floor home's floors in `ha_context`. */
function firstRequestOf(turn: TurnSpec): HaChatRequest {
  const request = buildHaRequest(turn.home, {
    userText: turn.text,
    era: '2026',
    ...(turn.satelliteArea === undefined ? {} : { satelliteArea: turn.satelliteArea }),
    ...(turn.satelliteHasTimers === undefined ? {} : { satelliteHasTimers: turn.satelliteHasTimers }),
  });
  const parallel = turn.parallelToolCalls === undefined ? {} : { parallel_tool_calls: turn.parallelToolCalls };
  return withFloors({ ...request, ...parallel });
}

function withFloors(request: HaChatRequest): HaChatRequest {
  return { ...request, ha_context: { floors: TWO_FLOOR_FLOORS } } as HaChatRequest;
}

/** Posts one round; a 200 is read as {@link Answer} (as `ask` reads it), anything else as its error code. */
async function post(harness: Harness, body: HaChatRequest): Promise<Answer | { status: number; code: unknown }> {
  const response = await postChat(harness.app, body);
  const json = (await response.json()) as {
    choices?: {
      message: { content: string | null; tool_calls?: { id: string; function: { name: string; arguments: string } }[] };
    }[];
    metrics?: Answer['metrics'];
    error?: { code?: unknown };
  };
  if (response.status !== 200) return { status: response.status, code: json.error?.code };
  const message = json.choices![0]!.message;
  const calls = (message.tool_calls ?? []).map((c) => ({
    id: c.id,
    name: c.function.name,
    arguments: c.function.arguments,
  }));
  return { content: message.content, calls, metrics: json.metrics ?? {} };
}

/** Plays the turn: the first request, then HA's GetLiveContext result for each read HA-Assist asks for. */
export async function play(harness: Harness, turn: TurnSpec): Promise<Played> {
  let request = firstRequestOf(turn);
  for (let reads = 0; ; reads++) {
    const answer = await post(harness, request);
    if ('status' in answer) return { kind: 'error', status: answer.status, code: answer.code, reads };
    const call = answer.calls[0];
    if (answer.calls.length !== 1 || call?.name !== 'GetLiveContext' || reads === MAX_READS)
      return { kind: 'answer', answer, reads };
    request = withFloors(withResult(request, call, liveContextOf(turn.home)));
  }
}

/** The calls of an answer with their arguments parsed. */
export function callsOf(answer: Answer): { name: string; arguments: unknown }[] {
  return answer.calls.map((call) => ({ name: call.name, arguments: JSON.parse(call.arguments) as unknown }));
}
