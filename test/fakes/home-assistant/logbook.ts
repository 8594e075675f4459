// `GET /api/logbook[/<start>]` over the fake's recorder: HA's window, filters and entry shapes (ha-apis.md §2.6).

import type { FakeHaContext } from './context.ts';
import { DAY_MS, parseHaDatetime, startOfDay } from './ha-time.ts';
import { isValidEntityId } from './history.ts';
import type { FakeHome, LogbookEvent, RecordedState } from './home.ts';
import { jsonResponse, messageResponse, type RestResponse, unhandledError } from './rest-response.ts';

// logbook/const.py: domains whose entities never appear, and the one that is skipped when it has a unit.
const ALWAYS_CONTINUOUS_DOMAINS = new Set(['counter', 'proximity']);
const CONDITIONALLY_CONTINUOUS_DOMAIN = 'sensor';

interface LogbookQuery {
  /** The window, open at both ends. */
  start: number;
  end: number;
  entityIds?: string[];
  contextId?: string;
}

/** `LogbookView.get`, in HA's order of checks; entries oldest first. */
export function logbook(context: FakeHaContext, startText: string | undefined, query: URLSearchParams): RestResponse {
  const start = startText === undefined ? startOfDay(context.options.now()) : parseHaDatetime(startText);
  if (start === undefined) return messageResponse('Invalid datetime', 400);
  const periodText = query.get('period');
  // `int(period_str)` and `cv.entity_ids` raise exceptions nothing converts: aiohttp answers a bare 500.
  if (periodText !== null && !/^\s*[+-]?\d+\s*$/.test(periodText)) return unhandledError();
  const period = periodText === null ? 1 : Number(periodText);
  const entityText = query.get('entity');
  const entityIds = entityText ? entityText.split(',').map((id) => id.trim().toLowerCase()) : undefined;
  if (entityIds?.some((id) => !isValidEntityId(id))) return unhandledError();
  const endText = query.get('end_time');
  let window: { start: number; end: number };
  if (endText === null) {
    const from = start.getTime() - (period - 1) * DAY_MS;
    window = { start: from, end: from + period * DAY_MS };
  } else {
    const end = parseHaDatetime(endText);
    if (end === undefined) return messageResponse('Invalid end_time', 400);
    window = { start: start.getTime(), end: end.getTime() };
  }
  const contextId = query.get('context_id') ?? undefined;
  if (entityIds !== undefined && contextId) return messageResponse("Can't combine entity with context_id", 400);
  return jsonResponse(logbookEntries(context.home, { ...window, entityIds, contextId }));
}

type Entry = { time: number; entry: Record<string, unknown> };

function logbookEntries(home: FakeHome, query: LogbookQuery): Record<string, unknown>[] {
  const inWindow = (time: number) => time > query.start && time < query.end;
  const entityIds = query.entityIds ?? home.recordedEntityIds();
  const states: Entry[] = entityIds.flatMap((entityId) =>
    stateEntries(home, entityId).filter(
      ({ time, contextId }) => inWindow(time) && (query.contextId === undefined || contextId === query.contextId),
    ),
  );
  const events: Entry[] = home.fixture.recorder.logbook
    .filter((event) => inWindow(Date.parse(event.when)) && matchesEvent(event, query))
    .map((event) => ({ time: Date.parse(event.when), entry: event }));
  // Stable sort: at equal times, state changes come before events, each in recorded order.
  return [...states, ...events].sort((a, b) => a.time - b.time).map(({ entry }) => entry);
}

function matchesEvent(event: LogbookEvent, query: LogbookQuery): boolean {
  if (query.contextId !== undefined) return event.context_id === query.contextId;
  return query.entityIds === undefined || (event.entity_id !== null && query.entityIds.includes(event.entity_id));
}

/** One entity's state-change entries: real changes (an old, different state); continuous sensors have none. */
function stateEntries(home: FakeHome, entityId: string): (Entry & { contextId?: string })[] {
  if (isContinuous(home, entityId)) return [];
  const rows = home.recorded(entityId);
  const name = entityName(home, entityId);
  return rows.flatMap((row, index) => {
    const previous = rows[index - 1];
    if (previous === undefined || previous.state === row.state || row.last_changed !== row.last_updated) return [];
    return [{ time: Date.parse(row.last_updated), entry: stateEntry(entityId, name, row), contextId: row.context?.id }];
  });
}

function stateEntry(entityId: string, name: string, row: RecordedState): Record<string, unknown> {
  const entry: Record<string, unknown> = { when: row.last_updated, state: row.state, entity_id: entityId, name };
  if (typeof row.attributes.icon === 'string') entry.icon = row.attributes.icon;
  for (const [key, value] of Object.entries(row.context?.origin ?? {})) entry[`context_${key}`] = value;
  return entry;
}

/** HA's "continuous" entities: counters and proximity always, sensors with a unit or a state class. */
function isContinuous(home: FakeHome, entityId: string): boolean {
  const domain = entityId.split('.')[0] ?? '';
  if (ALWAYS_CONTINUOUS_DOMAINS.has(domain)) return true;
  if (domain !== CONDITIONALLY_CONTINUOUS_DOMAIN) return false;
  const attributes = home.state(entityId)?.attributes ?? home.recorded(entityId).at(-1)?.attributes ?? {};
  return 'unit_of_measurement' in attributes || 'state_class' in attributes;
}

/** The logbook's `EntityNameCache`: the current friendly name, else the object id with spaces. */
function entityName(home: FakeHome, entityId: string): string {
  const friendly = home.state(entityId)?.attributes.friendly_name;
  return typeof friendly === 'string' && friendly !== '' ? friendly : (entityId.split('.')[1] ?? '').replace(/_/g, ' ');
}
