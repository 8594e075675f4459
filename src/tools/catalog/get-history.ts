// get-history: one entity's state changes over up to 168 hours, at most 100 points, with min, max and mean for numbers.

import { z } from 'zod';
import { entityNotices, isVisible, readHomeFacts } from '../home/home-facts.ts';
import { defineTool } from '../tool.ts';
import { EntityIdSchema, entityUnavailable, HoursSchema } from './entity-arguments.ts';
import { MAX_POINTS, summarizeHistory } from './history-points.ts';

/** The get-history tool. */
export const getHistoryTool = defineTool({
  name: 'get-history',
  kind: 'read',
  title: 'History of one entity',
  description: `The state changes of one entity over up to 168 hours: at most ${MAX_POINTS} points, with min, max and mean for a number.`,
  args: z.strictObject({ entity_id: EntityIdSchema, hours: HoursSchema }),
  resultLimits: { maxListItems: MAX_POINTS },
  async run({ entity_id, hours }, context) {
    const facts = await readHomeFacts(context, { needAreas: false });
    if (facts.kind === 'refused') return facts;
    if (!isVisible(entity_id, facts.facts)) return { kind: 'refused', reason: entityUnavailable(entity_id) };
    const end = context.now;
    const start = new Date(end.getTime() - hours * 3_600_000);
    const rows = await context.reader.getHistory({ entityId: entity_id, start, end });
    if (!rows.ok) return { kind: 'refused', reason: rows.reason };
    const summary = summarizeHistory(rows.value);
    const notices = entityNotices(entity_id, facts.facts);
    if (summary.total > summary.points.length)
      notices.push(
        `${summary.points.length} of ${summary.total} state changes are shown, evenly spread over the window.`,
      );
    return {
      kind: 'data',
      data: { entity_id, from: start.toISOString(), to: end.toISOString(), ...summary },
      notices,
    };
  },
});
