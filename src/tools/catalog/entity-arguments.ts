// The arguments several tools share: one entity id, and a window of hours.

import { z } from 'zod';
import type { EntityWindow } from '../../homeassistant/index.ts';
import type { VisibleHome } from '../home/visible-home.ts';
import type { ToolContext } from '../tool.ts';

/** An entity id as Home Assistant writes it (`light.kitchen`); checked before anything is sent. */
export const EntityIdSchema = z
  .string()
  .regex(/^[a-z0-9_]+\.[a-z0-9_]+$/, 'must be an entity id such as light.kitchen')
  .describe('The entity id, e.g. sensor.office_temperature.');

/** The longest window history and logbook read (a week). */
export const MAX_HOURS = 168;

/** How many hours back to read, 1 to 168 (default 24). */
export const HoursSchema = z
  .number()
  .positive('must be more than 0')
  .max(MAX_HOURS, `must be at most ${MAX_HOURS} (a week)`)
  .default(24)
  .describe(`How many hours back to read, at most ${MAX_HOURS} (default 24).`);

/** The one answer for an entity that does not exist and for one the limits exclude, so neither reveals the other. */
export function entityUnavailable(entityId: string): string {
  return `${entityId} is not available to the tools: Home Assistant has no such entity, or hearth's limits exclude it`;
}

/**
 * One visible entity and the window of hours before the call, or the refusal (checked on the call's view of the home
 * before its history or logbook is asked for).
 */
export async function visibleEntityWindow(
  args: { entity_id: string; hours: number },
  context: ToolContext,
): Promise<
  { kind: 'ok'; home: VisibleHome; window: EntityWindow } | { kind: 'refused'; reason: string; said?: string }
> {
  const read = await context.home();
  if (read.kind === 'refused') return read;
  if (!read.home.isVisible(args.entity_id)) return { kind: 'refused', reason: entityUnavailable(args.entity_id) };
  const end = context.now;
  const start = new Date(end.getTime() - args.hours * 3_600_000);
  return { kind: 'ok', home: read.home, window: { entityId: args.entity_id, start, end } };
}
