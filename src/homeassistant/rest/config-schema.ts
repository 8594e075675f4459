// Home Assistant's `GET /api/config` answer, reduced to the fields hearth passes on.

import { z } from 'zod';

/**
 * The fields of `/api/config` that may leave hearth. zod drops every other key, so location (latitude, longitude,
 * elevation, location_name), addresses (internal_url, external_url) and paths (config_dir, allowlist_*) never pass.
 */
export const HomeAssistantConfigSchema = z.object({
  version: z.string(),
  time_zone: z.string(),
  /** Unit per quantity, e.g. `{"temperature": "°C", "length": "km"}`. */
  unit_system: z.record(z.string(), z.string()),
  language: z.string(),
  /** `RUNNING`, `STARTING`, `STOPPING`, … */
  state: z.string(),
});

/** The reduced `/api/config` answer, in Home Assistant's spelling. */
export type HomeAssistantConfig = z.infer<typeof HomeAssistantConfigSchema>;

/** The outcome of `getConfig`: the reduced config, or the exact reason it failed. */
export type GetConfigResult = { ok: true; config: HomeAssistantConfig } | { ok: false; reason: string };
