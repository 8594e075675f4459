// One service call over REST, `POST /api/services/<domain>/<service>`, sent once, and what its outcome proves.

import { safeParseJson } from '../../common/index.ts';
import type { ServiceCall, ServiceCallOutcome } from '../reader.ts';
import { errorMessage, type RestAnswer } from './answer-reading.ts';
import { HaStatesSchema } from './answer-schemas.ts';
import { type RestTransport, type Unanswered, withoutToken } from './rest-transport.ts';

/** A domain or service name: it goes into the path as it is, so nothing else is sent. */
const NAME = /^[a-z0-9_]+$/;

/** What a bare aiohttp error (no `{"message"}`) means for this view (ha-apis.md §2.1, §2.8). */
const BARE_ERROR_MEANING: Record<number, string> = {
  400: 'Home Assistant has no such action, or the data does not fit its fields',
  404: 'Home Assistant has no such path',
  500: 'the action raised an error in Home Assistant (a device offline, an unsupported feature, …)',
};

/**
 * Sends one service call and never retries it. The outcome says what is known: `done` (200, with the states the call
 * changed), `failed` (Home Assistant answered an error), `not-sent` (refused before any byte left) or `unknown` (the
 * request may have left and no answer was read: Home Assistant keeps running a call whose client went away, §2.8).
 */
export async function sendServiceCall(
  transport: RestTransport,
  call: ServiceCall,
  token: string,
): Promise<ServiceCallOutcome> {
  if (!NAME.test(call.domain) || !NAME.test(call.service)) {
    const shown = JSON.stringify(`${call.domain}.${call.service}`.slice(0, 80));
    return {
      kind: 'not-sent',
      reason: `${shown} is not a valid action (domain.service in lower-case letters, digits and _); nothing was sent`,
    };
  }
  const action = `${call.domain}.${call.service}`;
  const read = await transport.send<ServiceCallOutcome>({
    method: 'POST',
    path: `/api/services/${call.domain}/${call.service}`,
    body: call.data,
    decode: (text) => ({ ok: true, value: readChangedStates(text, action) }),
    readError: (answer) => ({ ok: true, value: readErrorAnswer(answer, action) }),
    readUnanswered: (unanswered) => ({ ok: true, value: readUnanswered(unanswered, action) }),
  });
  // Every reader above gives a value; were one missed, "unknown" is the answer that cannot cause a repeat.
  const outcome: ServiceCallOutcome = read.ok ? read.value : { kind: 'unknown', reason: read.reason };
  return outcome.kind === 'done' ? outcome : { ...outcome, reason: withoutToken(outcome.reason, token) };
}

/** A 200: the array of changed states. An unreadable one still means the call ran, so it is not a failure. */
function readChangedStates(text: string, action: string): ServiceCallOutcome {
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    body = undefined;
  }
  const parsed = safeParseJson(HaStatesSchema, body);
  if (parsed.success) return { kind: 'done', changed: parsed.data };
  return {
    kind: 'unknown',
    reason: `Home Assistant answered ${action} with 200 but not with the changed states; it was probably carried out`,
  };
}

/** Any answer that is not a 2xx, in either of Home Assistant's error forms: JSON `{"message"}` or bare text. */
function readErrorAnswer(answer: RestAnswer, action: string): ServiceCallOutcome {
  const { status } = answer;
  if (status >= 300 && status < 400) {
    const location = answer.location ?? 'an unnamed location';
    return { kind: 'failed', reason: `Home Assistant answered ${action} with a redirect to ${location}; not followed` };
  }
  if (status === 401) return { kind: 'failed', reason: 'the token was refused' };
  if (status === 503) return { kind: 'failed', reason: 'Home Assistant is starting or stopping (HTTP 503)' };
  const detail = errorMessage(answer.text) ?? BARE_ERROR_MEANING[status];
  const reason = `Home Assistant answered HTTP ${status} to ${action}`;
  return { kind: 'failed', reason: detail === undefined ? reason : `${reason}: ${detail}` };
}

/** No answer: `not-sent` only when the transport proves the request never left; otherwise it may have been done. */
function readUnanswered(unanswered: Unanswered, action: string): ServiceCallOutcome {
  if (!unanswered.mayHaveBeenSent) return { kind: 'not-sent', reason: `${unanswered.reason}; nothing was sent` };
  return {
    kind: 'unknown',
    reason: `${action} was sent, but ${unanswered.reason}; the call may have been carried out`,
  };
}
