// The services no limit can allow: each rule with the reason a person reads when a call or a saved limit is refused.

/** One never-available rule: a whole domain, or a service name in any domain (exact, or as a prefix). */
export type NeverAvailableRule =
  | { match: 'domain'; domain: string; why: string }
  | { match: 'service'; service: string; why: string }
  | { match: 'service-prefix'; prefix: string; why: string };

const DOORS = 'They open doors and disarm alarms; a mistaken or injected request must not do that.';
const HARM = 'A noise, a flood or a burn.';
const SYSTEM = 'They change the configuration or the system.';
const PROGRAMS = 'They run programs or reach outside the home.';
const HISTORY = 'They erase history, change logging, restore a backup or install an update.';

/**
 * The never-available table. Covers of device class garage, gate or door (or none) are refused per entity when a
 * call names them, since the class belongs to the entity, not the service.
 */
export const NEVER_AVAILABLE: readonly NeverAvailableRule[] = Object.freeze([
  { match: 'domain', domain: 'lock', why: DOORS },
  { match: 'domain', domain: 'alarm_control_panel', why: DOORS },
  { match: 'domain', domain: 'siren', why: HARM },
  { match: 'domain', domain: 'valve', why: HARM },
  { match: 'domain', domain: 'water_heater', why: HARM },
  { match: 'domain', domain: 'camera', why: 'It writes files and records.' },
  {
    match: 'domain',
    domain: 'homeassistant',
    why: 'It restarts or stops the server, reloads the configuration, and its turn_on and turn_off act on any entity.',
  },
  { match: 'service', service: 'reload', why: SYSTEM },
  { match: 'service-prefix', prefix: 'reload_', why: SYSTEM },
  ...['restart', 'stop', 'check_config', 'set_location', 'install', 'create', 'delete', 'remove'].map(
    (service) => ({ match: 'service', service, why: SYSTEM }) as const,
  ),
  ...['hassio', 'shell_command', 'python_script', 'command_line', 'rest_command', 'mqtt'].map(
    (domain) => ({ match: 'domain', domain, why: PROGRAMS }) as const,
  ),
  ...['recorder', 'logger', 'system_log', 'backup', 'update'].map(
    (domain) => ({ match: 'domain', domain, why: HISTORY }) as const,
  ),
]);

/** The rule that makes `domain.service` never available, if any. */
export function neverAvailableRule(domain: string, service: string): NeverAvailableRule | undefined {
  return NEVER_AVAILABLE.find((rule) => {
    if (rule.match === 'domain') return rule.domain === domain;
    if (rule.match === 'service') return rule.service === service;
    return service.startsWith(rule.prefix);
  });
}
