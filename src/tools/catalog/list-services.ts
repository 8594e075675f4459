// list-services: the services the limits let a model call, with their fields and the write tool that calls each.

import { z } from 'zod';
import { neverAvailableRule } from '../policy/never-available.ts';
import { allowEntry, WRITE_TOOL_OF } from '../policy/service-allowlist.ts';
import { defineTool } from '../tool.ts';

/** The list-services tool. */
export const listServicesTool = defineTool({
  name: 'list-services',
  kind: 'read',
  title: 'Services a model may call',
  description:
    'The services the limits let a model call, with their fields and the write tool that calls each (call-service or call-physical-service).',
  args: z.strictObject({}),
  async run(_args, { reader, policy }) {
    const domains = await reader.getServices();
    if (!domains.ok) return { kind: 'refused', reason: domains.reason };
    const services = [];
    for (const { domain, services: described } of domains.value) {
      for (const [service, description] of Object.entries(described)) {
        const entry = allowEntry(policy.services, domain, service);
        if (entry === undefined || neverAvailableRule(domain, service) !== undefined) continue;
        services.push({
          service: `${domain}.${service}`,
          name: description.name,
          description: description.description,
          fields: description.fields ?? {},
          tool: WRITE_TOOL_OF[entry.class],
        });
      }
    }
    services.sort((a, b) => a.service.localeCompare(b.service));
    return { kind: 'data', data: { services } };
  },
});
