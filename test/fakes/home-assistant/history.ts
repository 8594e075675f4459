// `GET /api/history/period[/<start>]` over the fake's recorder: HA's checks, defaults and rows (ha-apis.md §2.5).

import type { FakeHaContext } from './context.ts';
import { DAY_MS, isoTime, parseHaDatetime } from './ha-time.ts';
import type { RecordedState } from './home.ts';
import { jsonResponse, messageResponse, type RestResponse } from './rest-response.ts';

// recorder/history/const.py: domains whose attribute-only changes count, and domains always sent in full.
const SIGNIFICANT_DOMAINS = new Set(['climate', 'device_tracker', 'humidifier', 'thermostat', 'water_heater']);
const NEED_ATTRIBUTE_DOMAINS = new Set(['climate', 'humidifier', 'input_datetime', 'thermostat', 'water_heater']);

// core.py `valid_entity_id`.
const ENTITY_ID = /^(?!.+__)(?!_)[\da-z_]+(?<!_)\.(?!_)[\da-z_]+(?<!_)$/;

/** Whether a text is a valid entity id (`homeassistant.core.valid_entity_id`). */
export function isValidEntityId(text: string): boolean {
  return ENTITY_ID.test(text);
}

interface HistoryQuery {
  start: number;
  end: number;
  includeStartState: boolean;
  significantOnly: boolean;
  minimal: boolean;
  noAttributes: boolean;
}

/** `HistoryPeriodView.get`: validates in HA's order, then one inner array per entity that has data. */
export function historyPeriod(
  context: FakeHaContext,
  startText: string | undefined,
  query: URLSearchParams,
): RestResponse {
  const start = startText === undefined ? undefined : parseHaDatetime(startText);
  if (startText !== undefined && start === undefined) return messageResponse('Invalid datetime', 400);
  const filter = query.get('filter_entity_id');
  if (!filter) return messageResponse('filter_entity_id is missing', 400);
  const entityIds = [...new Set(filter.trim().toLowerCase().split(','))];
  if (entityIds.some((id) => context.home.state(id) === undefined && !isValidEntityId(id)))
    return messageResponse('Invalid filter_entity_id', 400);
  const now = context.options.now().getTime();
  const from = start?.getTime() ?? now - DAY_MS;
  if (from > now) return jsonResponse([]);
  const endText = query.get('end_time');
  const end = endText ? parseHaDatetime(endText) : new Date(from + DAY_MS);
  if (end === undefined) return messageResponse('Invalid end_time', 400);
  const options: HistoryQuery = {
    start: from,
    end: end.getTime(),
    includeStartState: !query.has('skip_initial_state'),
    significantOnly: (query.get('significant_changes_only') ?? '1') !== '0',
    minimal: query.has('minimal_response'),
    noAttributes: query.has('no_attributes'),
  };
  const result = entityIds
    .map((entityId) => entityHistory(entityId, context.home.recorded(entityId), options))
    .filter((rows) => rows.length > 0);
  return jsonResponse(result);
}

/** One entity's rows (recorder/history/modern.py `_significant_states_stmt` and `_sorted_states_to_dict`). */
function entityHistory(entityId: string, recorded: RecordedState[], query: HistoryQuery): Record<string, unknown>[] {
  const domain = entityId.split('.')[0] ?? '';
  const time = (row: RecordedState) => Date.parse(row.last_updated);
  const isSignificant = (row: RecordedState) =>
    !query.significantOnly || SIGNIFICANT_DOMAINS.has(domain) || row.last_changed === row.last_updated;
  // The window is open at both ends; the state at the start is the last row strictly before it.
  const inWindow = recorded.filter((row) => time(row) > query.start && time(row) < query.end && isSignificant(row));
  const before = recorded.filter((row) => time(row) < query.start).at(-1);
  const rows = query.includeStartState && before !== undefined ? [atStart(before, query.start), ...inWindow] : inWindow;
  // Without significant_changes_only=0 the recorder does not read last_changed: it reports last_updated.
  const full = (row: RecordedState) => ({
    entity_id: entityId,
    state: row.state,
    attributes: query.noAttributes ? {} : row.attributes,
    last_changed: query.significantOnly ? row.last_updated : row.last_changed,
    last_updated: row.last_updated,
  });
  if (!query.minimal || NEED_ATTRIBUTE_DOMAINS.has(domain)) return rows.map(full);
  const [first, ...rest] = rows;
  if (first === undefined) return [];
  // Modern HA sends only the first row in full (its comment still says "first and last"), then every state change
  // as {state, last_changed}, skipping rows whose state repeats the previous one.
  const out: Record<string, unknown>[] = [full(first)];
  let previous = first.state;
  for (const row of rest) {
    if (row.state === previous) continue;
    out.push({ state: row.state, last_changed: row.last_updated });
    previous = row.state;
  }
  return out;
}

function atStart(row: RecordedState, start: number): RecordedState {
  return { ...row, last_changed: isoTime(start), last_updated: isoTime(start) };
}
