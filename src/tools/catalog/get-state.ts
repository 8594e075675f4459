// get-state: one entity with its attributes (redacted and bounded by the guard).

import { z } from 'zod';
import { defineTool } from '../tool.ts';
import { EntityIdSchema, entityUnavailable } from './entity-arguments.ts';

/** The get-state tool. */
export const getStateTool = defineTool({
  name: 'get-state',
  kind: 'read',
  title: 'State of one entity',
  description: 'One entity: its state, its attributes and when it last changed.',
  args: z.strictObject({ entity_id: EntityIdSchema }),
  async run({ entity_id }, context) {
    // The call's view holds the visible entities only: an excluded one answers as one Home Assistant does not have.
    const read = await context.home();
    if (read.kind === 'refused') return read;
    const state = read.home.state(entity_id);
    if (state === undefined) return { kind: 'refused', reason: entityUnavailable(entity_id) };
    const { entity_id: id, state: value, attributes, last_changed, last_updated } = state;
    return {
      kind: 'data',
      data: { entity_id: id, state: value, attributes, last_changed, last_updated },
      notices: read.home.noticesOf(entity_id),
    };
  },
});
