// The zod schemas of the WebSocket results hearth reads: the registry listings and the render_template event.

import { z } from 'zod';

/** One row of `config/area_registry/list`; loose, since the row grew over HA versions (ha-apis.md §3.8). */
export const HaAreaEntrySchema = z.looseObject({ area_id: z.string(), name: z.string() });

/** One row of `config/device_registry/list`. */
export const HaDeviceEntrySchema = z.looseObject({
  id: z.string(),
  area_id: z.string().nullable(),
  /** Absent before Home Assistant 2024.4. */
  labels: z.array(z.string()).optional(),
});

/** One row of `config/entity_registry/list`; `area_id` is the entity's own area, null to inherit its device's. */
export const HaEntityEntrySchema = z.looseObject({
  entity_id: z.string(),
  device_id: z.string().nullable(),
  area_id: z.string().nullable(),
  /** Absent before Home Assistant 2024.4. */
  labels: z.array(z.string()).optional(),
  /** Why the entity is disabled (`user`, `integration` …); null or absent when it is enabled. */
  disabled_by: z.string().nullable().optional(),
});

/** One row of `config/label_registry/list` (HA 2024.4+). */
export const HaLabelEntrySchema = z.looseObject({ label_id: z.string(), name: z.string() });

/** `config/label_registry/list`. */
export const HaLabelListSchema = z.array(HaLabelEntrySchema);
/** `config/area_registry/list`. */
export const HaAreaListSchema = z.array(HaAreaEntrySchema);
/** `config/device_registry/list`. */
export const HaDeviceListSchema = z.array(HaDeviceEntrySchema);
/** `config/entity_registry/list`. */
export const HaEntityListSchema = z.array(HaEntityEntrySchema);

/** A `render_template` event reporting an error (`report_errors`); `level` is `ERROR` or `WARNING`. */
export const TemplateErrorEventSchema = z.looseObject({ error: z.string(), level: z.string().optional() });

/**
 * A `render_template` event with the rendered result. HA parses the rendered text as a Python literal when it can
 * (`helpers/template.py` `_parse_result`), so `result` is a string, or a list, number, object… for text that looks
 * like one; the frontend's template tool shows a non-string as JSON, and so does hearth.
 */
export const TemplateResultEventSchema = z.looseObject({ result: z.unknown() });
