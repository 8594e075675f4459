// The live mirror of one connection's registries: read once, kept by Home Assistant's registry events, fenced by a ping.

import { safeParseJson } from '../../common/index.ts';
import type { z } from 'zod';
import type { HaRegistries, Read, ReadFailure } from '../reader.ts';
import { HaAreaListSchema, HaDeviceListSchema, HaEntityListSchema, HaLabelListSchema } from './answer-schemas.ts';
import type { HomeAssistantConnection } from './connection.ts';
import { failureOfCommandError, failureOfError, wsError } from './failures.ts';
import {
  areaRegistryListCommand,
  deviceRegistryListCommand,
  entityRegistryListCommand,
  labelRegistryListCommand,
  subscribeEventsCommand,
} from './messages.ts';
import type { ConnectionSource } from './reads.ts';
import type { Command } from './types.ts';

type Kind = keyof HaRegistries;

/** One registry: the event that says it changed, the command that lists it, and the schema of the list. */
interface RegistryRow {
  eventType: string;
  command: () => Command;
  schema: z.ZodType;
  /** A Home Assistant that does not know the list (`unknown_command`) has none of it: labels before 2024.4. */
  mayBeMissing: boolean;
}

/** The registries the mirror holds, one row each (ha-apis.md §3.8; the events are HA's `EVENT_*_REGISTRY_UPDATED`). */
const REGISTRIES: Readonly<Record<Kind, RegistryRow>> = {
  areas: {
    eventType: 'area_registry_updated',
    command: areaRegistryListCommand,
    schema: HaAreaListSchema,
    mayBeMissing: false,
  },
  labels: {
    eventType: 'label_registry_updated',
    command: labelRegistryListCommand,
    schema: HaLabelListSchema,
    mayBeMissing: true,
  },
  devices: {
    eventType: 'device_registry_updated',
    command: deviceRegistryListCommand,
    schema: HaDeviceListSchema,
    mayBeMissing: false,
  },
  entities: {
    eventType: 'entity_registry_updated',
    command: entityRegistryListCommand,
    schema: HaEntityListSchema,
    mayBeMissing: false,
  },
};

const KINDS = Object.keys(REGISTRIES) as Kind[];

/** Failures that are Home Assistant's answer, not the moment's: asking again on the same connection changes nothing. */
const LASTING: readonly ReadFailure[] = ['unknown-command', 'unauthorized', 'bad-answer', 'refused'];

/** The mirror of one reader: a fresh read of its connection's registries per call. */
export interface RegistryMirror {
  /**
   * The registries, with every event Home Assistant sent before this call applied: every call sends one `ping` and
   * waits for its `pong` (Home Assistant sends events and answers on one connection in order, so every event fired
   * before the ping has arrived by then) and re-reads any registry an event named. Undefined while the mirror is not
   * ready: the first call on a connection (or after a failure that may pass) starts reading it in the background, so
   * that call never waits for a socket to open; a Home Assistant that refused it for good is not asked again. A failure,
   * never an older copy, when a ready mirror cannot vouch for itself.
   */
  read(): Promise<Read<HaRegistries> | undefined>;
}

/** One registry as mirrored: the newest list, and how many of its events that list has seen. */
interface Held {
  value: unknown;
  /** Events counted when the read of `value` was sent (-1: never read). */
  at: number;
  /** Events counted so far. */
  seen: number;
  /** The newest read in flight, and the count it was sent at. */
  reading?: { at: number; done: Promise<Read<unknown>> };
}

/** The mirror of one connection. */
interface Mirror {
  connection: HomeAssistantConnection;
  held: Record<Kind, Held>;
  /** True once the subscriptions and the first lists succeeded. */
  isReady: boolean;
}

/** Creates the mirror over the reader's connections; a new connection (a reconnect) is read again from nothing. */
export function createRegistryMirror(connect: ConnectionSource): RegistryMirror {
  let current: Mirror | undefined;
  let loading: Promise<void> | undefined;
  /** Home Assistant refused the mirror for good (an old version, a limited token): the other way is used. */
  let isRefused = false;

  /** Opens (or takes) the connection and reads the mirror on it, in the background; never rejects. */
  function startLoading(): void {
    if (loading !== undefined || isRefused) return;
    loading = (async () => {
      try {
        const connection = await connect();
        const mirror = newMirror(connection);
        const loaded = await load(mirror);
        if (loaded.ok) mirror.isReady = true;
        else if (LASTING.includes(loaded.failure)) isRefused = true;
        else if (current === mirror) current = undefined;
      } catch {
        // The connection could not be opened: the next call tries again.
      } finally {
        loading = undefined;
      }
    })();
  }

  function newMirror(connection: HomeAssistantConnection): Mirror {
    const held = Object.fromEntries(KINDS.map((kind) => [kind, { value: undefined, at: -1, seen: 0 }])) as Record<
      Kind,
      Held
    >;
    const mirror: Mirror = { connection, held, isReady: false };
    current = mirror;
    connection.onClose(() => {
      if (current === mirror) current = undefined;
    });
    return mirror;
  }

  /** Subscribes first, then lists: an event between the two is then seen, and its list read again. */
  async function load(mirror: Mirror): Promise<Read<undefined>> {
    const { connection, held } = mirror;
    const subscribing = KINDS.map((kind) =>
      connection.subscribe(subscribeEventsCommand(REGISTRIES[kind].eventType), () => {
        held[kind].seen++;
        // Read at once, so the next call usually finds it read; a failure here is met again by that call.
        void refresh(connection, held[kind], REGISTRIES[kind]);
      }),
    );
    const subscribed = await Promise.allSettled(subscribing);
    const lists = await Promise.all(KINDS.map((kind) => refresh(connection, held[kind], REGISTRIES[kind])));
    const failed = firstFailure(subscribed, lists);
    if (failed === undefined) return { ok: true, value: undefined };
    for (const outcome of subscribed)
      if (outcome.status === 'fulfilled' && outcome.value.ok) void outcome.value.subscription.unsubscribe().catch(noop);
    return failed;
  }

  return {
    async read() {
      const mirror = current;
      if (mirror === undefined || !mirror.isReady || !mirror.connection.isOpen) {
        startLoading();
        return undefined;
      }
      const { connection } = mirror;
      // A socket that closed meanwhile may have lost an event: the mirror is read again from nothing, in the
      // background, and this call reads the other way. A socket still open that failed (a ping without a pong in
      // time) is a failure: Home Assistant is not answering.
      const failed = (read: Extract<Read<unknown>, { ok: false }>) => {
        if (connection.isOpen) return read;
        startLoading();
        return undefined;
      };
      try {
        await connection.ping();
      } catch (error) {
        return failed(failureOfError(error));
      }
      for (const kind of KINDS) {
        const caughtUp = await catchUp(connection, mirror.held[kind], REGISTRIES[kind]);
        if (!caughtUp.ok) return failed(caughtUp);
      }
      if (!connection.isOpen)
        return failed(failureOfError(wsError('HA_CONNECTION_CLOSED', 'the WebSocket closed during the read')));
      const value = (kind: Kind) => mirror.held[kind].value;
      return {
        ok: true,
        value: {
          areas: value('areas'),
          labels: value('labels'),
          devices: value('devices'),
          entities: value('entities'),
        } as HaRegistries,
      };
    },
  };
}

/** The first failure of a load; a missing label list with a refused label subscription is no failure. */
function firstFailure(
  subscribed: PromiseSettledResult<Awaited<ReturnType<HomeAssistantConnection['subscribe']>>>[],
  lists: Read<unknown>[],
): Extract<Read<unknown>, { ok: false }> | undefined {
  for (const [index, kind] of KINDS.entries()) {
    const list = lists[index] as Read<unknown>;
    if (!list.ok) return list;
    const outcome = subscribed[index] as (typeof subscribed)[number];
    if (outcome.status === 'rejected') return failureOfError(outcome.reason);
    // Nothing to follow in a registry this Home Assistant does not have (e.g. a non-admin's refused subscription).
    if (!outcome.value.ok && !(REGISTRIES[kind].mayBeMissing && list.value === undefined))
      return failureOfCommandError(outcome.value.error, 'subscribe_events');
  }
  return undefined;
}

/** Waits until the list has seen every event counted now, reading it again when no read in flight has. */
async function catchUp(connection: HomeAssistantConnection, held: Held, row: RegistryRow): Promise<Read<undefined>> {
  const target = held.seen;
  while (held.at < target) {
    const reading = held.reading !== undefined && held.reading.at >= target ? held.reading.done : undefined;
    const read = await (reading ?? refresh(connection, held, row));
    if (!read.ok) return read;
  }
  return { ok: true, value: undefined };
}

/** Lists the registry again; the answer replaces the held list unless a read sent later was kept already. */
function refresh(connection: HomeAssistantConnection, held: Held, row: RegistryRow): Promise<Read<unknown>> {
  const at = held.seen;
  const done = listOnce(connection, row).then((read) => {
    if (read.ok && at > held.at) {
      held.value = read.value;
      held.at = at;
    }
    return read;
  });
  held.reading = { at, done };
  return done;
}

/** One listing; a registry Home Assistant does not have reads as undefined when the row allows it. */
async function listOnce(connection: HomeAssistantConnection, row: RegistryRow): Promise<Read<unknown>> {
  const command = row.command();
  try {
    const outcome = await connection.command(command);
    if (!outcome.ok) {
      const failed = failureOfCommandError(outcome.error, command.type);
      return row.mayBeMissing && failed.failure === 'unknown-command' ? { ok: true, value: undefined } : failed;
    }
    const parsed = safeParseJson(row.schema, outcome.result);
    if (parsed.success) return { ok: true, value: parsed.data };
    return { ok: false, failure: 'bad-answer', reason: `Home Assistant's ${command.type} result is not as expected` };
  } catch (error) {
    return failureOfError(error);
  }
}

function noop(): void {}
