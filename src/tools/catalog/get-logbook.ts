// get-logbook: the newest 50 logbook entries of one entity over up to 168 hours.

import { z } from 'zod';
import type { HaLogbookEntry } from '../../homeassistant/index.ts';
import type { VisibleHome } from '../home/visible-home.ts';
import { defineTool, refusedQuoting } from '../tool.ts';
import { EntityIdSchema, HoursSchema, visibleEntityWindow } from './entity-arguments.ts';

/** The most entries get-logbook returns (the newest). */
export const MAX_ENTRIES = 50;

/**
 * The prefix of the keys that describe what caused an entry (`context_entity_id`, `context_entity_id_name`,
 * `context_message`, `context_source`, `context_domain`, `context_service`, `context_state` …); all are dropped when
 * the cause is excluded. The guard's result filter drops them again, by its table, for any result.
 */
const CAUSE_PREFIX = 'context_';

/** The get-logbook tool. */
export const getLogbookTool = defineTool({
  name: 'get-logbook',
  kind: 'read',
  title: 'Logbook of one entity',
  description: `The newest ${MAX_ENTRIES} logbook entries of one entity over up to 168 hours, newest first.`,
  args: z.strictObject({ entity_id: EntityIdSchema, hours: HoursSchema }),
  async run(args, context) {
    const visible = await visibleEntityWindow(args, context);
    if (visible.kind === 'refused') return visible;
    const { home, window } = visible;
    const { entity_id } = args;
    const entries = await context.reader.getLogbook(window);
    if (!entries.ok) return refusedQuoting(`the logbook of ${entity_id} could not be read`, entries.reason);
    // Home Assistant sends the oldest first.
    const own = entries.value.filter((entry) => entry.entity_id === entity_id);
    const newest = own
      .reverse()
      .slice(0, MAX_ENTRIES)
      .map((entry) => withoutExcludedCause(entry, home));
    const notices = home.noticesOf(entity_id);
    if (own.length > MAX_ENTRIES) notices.push(`The newest ${MAX_ENTRIES} of ${own.length} entries are shown.`);
    return {
      kind: 'data',
      data: { entity_id, from: window.start.toISOString(), to: window.end.toISOString(), entries: newest },
      notices,
    };
  },
});

/** An entry caused by an excluded entity keeps what happened but no trace of what caused it. */
function withoutExcludedCause(entry: HaLogbookEntry, home: VisibleHome): Record<string, unknown> {
  const cause = entry.context_entity_id;
  if (typeof cause !== 'string' || home.isVisible(cause)) return entry;
  return Object.fromEntries(Object.entries(entry).filter(([key]) => !key.startsWith(CAUSE_PREFIX)));
}
