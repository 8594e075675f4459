// The services a model may call: `domain.service` or `domain.*` entries, each quiet or confirmed every time.

/** `quiet` services go through call-service; `confirmed` ones through call-physical-service, always confirmed. */
export type ServiceClass = 'quiet' | 'confirmed';

/** One allowlist entry: `light.turn_on`, or `input_boolean.*` for every service of the domain. */
export interface AllowEntry {
  service: string;
  class: ServiceClass;
}

/** The write tool that calls a service of each class. */
export const WRITE_TOOL_OF: Readonly<Record<ServiceClass, string>> = Object.freeze({
  quiet: 'call-service',
  confirmed: 'call-physical-service',
});

const quiet = (domain: string, services: readonly string[]): AllowEntry[] =>
  services.map((service) => ({ service: `${domain}.${service}`, class: 'quiet' }));

/** The default allowlist of the tool add-on's document; `notify` is deliberately not on it. */
export const DEFAULT_SERVICE_ALLOWLIST: readonly AllowEntry[] = Object.freeze([
  ...quiet('light', ['turn_on', 'turn_off', 'toggle']),
  ...quiet('switch', ['turn_on', 'turn_off', 'toggle']),
  // `input_boolean.reload` stays refused: reloads are never available.
  { service: 'input_boolean.*', class: 'quiet' },
  ...quiet('media_player', [
    'media_play',
    'media_pause',
    'media_play_pause',
    'media_stop',
    'media_next_track',
    'media_previous_track',
    'volume_up',
    'volume_down',
    'volume_set',
    'volume_mute',
  ]),
  { service: 'climate.set_temperature', class: 'confirmed' },
  { service: 'climate.set_hvac_mode', class: 'confirmed' },
  { service: 'scene.turn_on', class: 'confirmed' },
  { service: 'script.turn_on', class: 'confirmed' },
]);

/** The entry that allows `domain.service` (an exact entry wins over `domain.*`), if any. */
export function allowEntry(allowlist: readonly AllowEntry[], domain: string, service: string): AllowEntry | undefined {
  return (
    allowlist.find((entry) => entry.service === `${domain}.${service}`) ??
    allowlist.find((entry) => entry.service === `${domain}.*`)
  );
}
