// The reader's WebSocket reads: the registry listings, and render_template as the non-admin way to render.

import type { z } from 'zod';
import { firstIssueMessage, safeParseJson } from '../../common/index.ts';
import type { HaAreaEntry, HaDeviceEntry, HaEntityEntry, Read } from '../reader.ts';
import {
  HaAreaListSchema,
  HaDeviceListSchema,
  HaEntityListSchema,
  TemplateErrorEventSchema,
  TemplateResultEventSchema,
} from './answer-schemas.ts';
import type { HomeAssistantConnection } from './connection.ts';
import { failureOfCommandError, failureOfError, wsError } from './failures.ts';
import {
  areaRegistryListCommand,
  deviceRegistryListCommand,
  entityRegistryListCommand,
  renderTemplateCommand,
} from './messages.ts';
import type { Command } from './types.ts';

/** Gives the connection to use, opening it on first need; throws a coded error when it cannot. */
export type ConnectionSource = () => Promise<HomeAssistantConnection>;

/** The reads the reader does over the WebSocket. */
export interface WebSocketReads {
  listAreas(): Promise<Read<HaAreaEntry[]>>;
  listDevices(): Promise<Read<HaDeviceEntry[]>>;
  listEntities(): Promise<Read<HaEntityEntry[]>>;
  /** `render_template`: the first event's result as text, or its error as `template-error`; then unsubscribes. */
  renderTemplate(template: string): Promise<Read<string>>;
}

/** The WebSocket reads over the connections `connect` gives; `timeoutMs` bounds the wait for a template's event. */
export function createWebSocketReads(connect: ConnectionSource, timeoutMs: number): WebSocketReads {
  async function list<S extends z.ZodType>(command: Command, schema: S): Promise<Read<z.output<S>>> {
    try {
      const outcome = await (await connect()).command(command);
      if (!outcome.ok) return failureOfCommandError(outcome.error, command.type);
      const parsed = safeParseJson(schema, outcome.result);
      if (parsed.success) return { ok: true, value: parsed.data };
      const issue = firstIssueMessage(parsed.error);
      return {
        ok: false,
        failure: 'bad-answer',
        reason: `Home Assistant's ${command.type} result is not as expected: ${issue}`,
      };
    } catch (error) {
      return failureOfError(error);
    }
  }

  return {
    listAreas: () => list(areaRegistryListCommand(), HaAreaListSchema),
    listDevices: () => list(deviceRegistryListCommand(), HaDeviceListSchema),
    listEntities: () => list(entityRegistryListCommand(), HaEntityListSchema),
    async renderTemplate(template) {
      try {
        return await renderOnce(await connect(), template, timeoutMs);
      } catch (error) {
        return failureOfError(error);
      }
    },
  };
}

/** Subscribes, waits for the first decisive event, and unsubscribes (HA would re-render on every change). */
async function renderOnce(
  connection: HomeAssistantConnection,
  template: string,
  timeoutMs: number,
): Promise<Read<string>> {
  const first = firstDecisiveEvent(connection, timeoutMs);
  const subscribed = await connection.subscribe(renderTemplateCommand(template), first.offer);
  if (!subscribed.ok) {
    first.cancel();
    return failureOfCommandError(subscribed.error, 'render_template');
  }
  try {
    return await first.read;
  } finally {
    // The answer is known either way; a failed unsubscribe changes nothing for it.
    await subscribed.subscription.unsubscribe().catch(() => {});
  }
}

interface FirstEvent {
  /** Takes each event; the first result or error settles `read`. */
  offer(event: unknown): void;
  /** Stops waiting (the command failed); `read` then never settles. */
  cancel(): void;
  read: Promise<Read<string>>;
}

/** The first event that carries a result or an error; a `WARNING` (e.g. an undefined variable) is not the answer. */
function firstDecisiveEvent(connection: HomeAssistantConnection, timeoutMs: number): FirstEvent {
  let settle: (read: Read<string>) => void = () => {};
  let fail: (error: unknown) => void = () => {};
  const read = new Promise<Read<string>>((resolve, reject) => {
    settle = resolve;
    fail = reject;
  });
  const timer = setTimeout(
    () => fail(wsError('HA_TIMEOUT', `Home Assistant sent no render_template event within ${timeoutMs} ms`)),
    timeoutMs,
  );
  const stopListening = connection.onClose(fail);
  const finish = (): void => {
    clearTimeout(timer);
    stopListening();
  };
  read.then(finish, finish);
  return {
    offer(event) {
      const decided = decideEvent(event);
      if (decided !== undefined) settle(decided);
    },
    cancel: finish,
    read,
  };
}

function decideEvent(event: unknown): Read<string> | undefined {
  const error = safeParseJson(TemplateErrorEventSchema, event);
  if (error.success) {
    if (error.data.level === 'WARNING') return undefined;
    return { ok: false, failure: 'template-error', reason: error.data.error };
  }
  const result = safeParseJson(TemplateResultEventSchema, event);
  if (!result.success || !('result' in result.data)) {
    return {
      ok: false,
      failure: 'bad-answer',
      reason: "Home Assistant's render_template event has neither result nor error",
    };
  }
  const value = result.data.result;
  return { ok: true, value: typeof value === 'string' ? value : JSON.stringify(value) };
}
