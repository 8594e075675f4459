// The zod schemas of Home Assistant's REST answers: states, history, logbook and services (ha-apis.md §2.4–2.7).

import { z } from 'zod';

/** One state object (`State.as_dict`); loose, since HA adds keys over time (`context`, `last_reported`). */
export const HaStateSchema = z.looseObject({
  entity_id: z.string(),
  state: z.string(),
  attributes: z.record(z.string(), z.unknown()),
  last_changed: z.string(),
  last_updated: z.string(),
});

/** `GET /api/states`. */
export const HaStatesSchema = z.array(HaStateSchema);

/**
 * One history row. With `minimal_response` only the first and last rows of an entity are full state objects (with
 * `entity_id`); the rows between hold only `state` and `last_changed`.
 */
export const HaHistoryRowSchema = z.looseObject({
  entity_id: z.string().optional(),
  state: z.string(),
  last_changed: z.string(),
});

/** `GET /api/history/period`: one inner array per entity that has data; entities without data are left out. */
export const HaHistorySchema = z.array(z.array(HaHistoryRowSchema));

/** One logbook entry: `when` always; the other keys depend on the kind of entry (state rows have no `message`). */
export const HaLogbookEntrySchema = z.looseObject({ when: z.string() });

/** `GET /api/logbook`. */
export const HaLogbookSchema = z.array(HaLogbookEntrySchema);

/** Text HA may send as null or leave out; both read as absent. */
const optionalText = z
  .string()
  .nullish()
  .transform((text) => text ?? undefined);

/** One service's description; `fields` may also hold sections (`{"collapsed": …, "fields": …}`), so loose. */
export const HaServiceDescriptionSchema = z.looseObject({
  name: optionalText,
  description: optionalText,
  fields: z.record(z.string(), z.record(z.string(), z.unknown())).optional(),
  target: z.record(z.string(), z.unknown()).optional(),
  /** Present only when the service can return data; `optional: false` means it must be asked for. */
  response: z.looseObject({ optional: z.boolean() }).optional(),
});

/** `GET /api/services`: per domain, `services` is an object keyed by service name (not a list, as the docs show). */
export const HaServicesSchema = z.array(
  z.looseObject({ domain: z.string(), services: z.record(z.string(), HaServiceDescriptionSchema) }),
);
