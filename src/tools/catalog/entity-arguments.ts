// The arguments several tools share: one entity id, and a window of hours.

import { z } from 'zod';

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
