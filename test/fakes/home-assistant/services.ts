// The home's service descriptions in HA's two shapes: REST's list of domains, WebSocket's dict of dicts (§2.7, §3.4).

import type { FakeHome, ServiceSpec } from './home.ts';

/** One service's description as HA sends it: `response` only for a service that can return data. */
export function describeService(spec: ServiceSpec): Record<string, unknown> {
  const response =
    spec.supportsResponse === 'none' ? {} : { response: { optional: spec.supportsResponse === 'optional' } };
  return { ...spec.description, ...response };
}

/** `get_services`: `{domain: {service: description}}`, domains in the order they first appear. */
export function servicesDict(home: FakeHome): Record<string, Record<string, Record<string, unknown>>> {
  const domains: Record<string, Record<string, Record<string, unknown>>> = {};
  for (const spec of home.fixture.services) (domains[spec.domain] ??= {})[spec.service] = describeService(spec);
  return domains;
}

/** `GET /api/services`: `[{domain, services: {service: description}}]`. */
export function servicesByDomain(home: FakeHome): { domain: string; services: Record<string, unknown> }[] {
  return Object.entries(servicesDict(home)).map(([domain, services]) => ({ domain, services }));
}
