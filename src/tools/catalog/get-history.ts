// get-history: one entity's state changes over up to 168 hours, at most 100 points, with min, max and mean for numbers.

import { z } from 'zod';
import { defineTool, refusedQuoting } from '../tool.ts';
import { EntityIdSchema, HoursSchema, visibleEntityWindow } from './entity-arguments.ts';
import { MAX_POINTS, summarizeHistory } from './history-points.ts';

/** The get-history tool. */
export const getHistoryTool = defineTool({
  name: 'get-history',
  kind: 'read',
  title: 'History of one entity',
  description: `The state changes of one entity over up to 168 hours: at most ${MAX_POINTS} points, with min, max and mean for a number.`,
  args: z.strictObject({ entity_id: EntityIdSchema, hours: HoursSchema }),
  resultLimits: { maxListItems: MAX_POINTS },
  async run(args, context) {
    const visible = await visibleEntityWindow(args, context);
    if (visible.kind === 'refused') return visible;
    const { home, window } = visible;
    const { entity_id } = args;
    const rows = await context.reader.getHistory(window);
    if (!rows.ok) return refusedQuoting(`the history of ${entity_id} could not be read`, rows.reason);
    const summary = summarizeHistory(rows.value);
    const notices = home.noticesOf(entity_id);
    if (summary.total > summary.points.length)
      notices.push(
        `${summary.points.length} of ${summary.total} state changes are shown, evenly spread over the window.`,
      );
    return {
      kind: 'data',
      data: { entity_id, from: window.start.toISOString(), to: window.end.toISOString(), ...summary },
      notices,
    };
  },
});
