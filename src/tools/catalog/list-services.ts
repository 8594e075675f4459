// list-services: the services the limits let a model call, with their fields and the write tool that calls each.

import { z } from 'zod';
import { neverAvailableRule } from '../policy/never-available.ts';
import { allowEntry, WRITE_TOOL_OF } from '../policy/service-allowlist.ts';
import { defineTool, refusedQuoting } from '../tool.ts';

/** The list-services tool. */
export const listServicesTool = defineTool({
  name: 'list-services',
  kind: 'read',
  title: 'Services a model may call',
  description:
    'The services the limits let a model call: each with its domain and service (pass both to the write tool as they are), its fields, and the write tool that calls it (call-service or call-physical-service).',
  args: z.strictObject({}),
  async run(_args, { reader, policy }) {
    const domains = await reader.getServices();
    if (!domains.ok) return refusedQuoting('the services could not be read from Home Assistant', domains.reason);
    const services = [];
    for (const { domain, services: described } of domains.value) {
      for (const [service, description] of Object.entries(described)) {
        const entry = allowEntry(policy.services, domain, service);
        if (entry === undefined || neverAvailableRule(domain, service) !== undefined) continue;
        // The same two keys call-service takes, so a model copies them as they are.
        services.push({
          domain,
          service,
          name: description.name,
          description: description.description,
          fields: description.fields ?? {},
          tool: WRITE_TOOL_OF[entry.class],
        });
      }
    }
    services.sort((a, b) => a.domain.localeCompare(b.domain) || a.service.localeCompare(b.service));
    return { kind: 'data', data: { services } };
  },
});
