// get-state: one entity with its attributes (redacted and bounded by the guard).

import { z } from 'zod';
import { entityNotices, isVisible, readHomeFacts } from '../home/home-facts.ts';
import { defineTool, refusedQuoting } from '../tool.ts';
import { EntityIdSchema, entityUnavailable } from './entity-arguments.ts';

/** The get-state tool. */
export const getStateTool = defineTool({
  name: 'get-state',
  kind: 'read',
  title: 'State of one entity',
  description: 'One entity: its state, its attributes and when it last changed.',
  args: z.strictObject({ entity_id: EntityIdSchema }),
  async run({ entity_id }, context) {
    const facts = await readHomeFacts(context, { needAreas: false });
    if (facts.kind === 'refused') return facts;
    // Checked before asking Home Assistant: an excluded entity is not even read.
    if (!isVisible(entity_id, facts.facts)) return { kind: 'refused', reason: entityUnavailable(entity_id) };
    const state = await context.reader.getState(entity_id);
    if (!state.ok)
      return state.failure === 'not-found'
        ? { kind: 'refused', reason: entityUnavailable(entity_id) }
        : refusedQuoting(`the state of ${entity_id} could not be read`, state.reason);
    const { entity_id: id, state: value, attributes, last_changed, last_updated } = state.value;
    return {
      kind: 'data',
      data: { entity_id: id, state: value, attributes, last_changed, last_updated },
      notices: entityNotices(entity_id, facts.facts),
    };
  },
});
