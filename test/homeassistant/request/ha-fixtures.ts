// Test helper: request-body fixtures from test/data/ha-requests, their system message, and the home in it.

import { readHaRequestFixture } from '../../fixtures/data.ts';

/** A request-body fixture with the fields the tests look at. */
export interface FixtureBody {
  messages: { role: string; content: unknown }[];
  tools: unknown[];
  [key: string]: unknown;
}

/** A request-body fixture. */
export function readHaBody(name: string): FixtureBody {
  return readHaRequestFixture(name) as FixtureBody;
}

/** The system message of a request-body fixture. */
export function systemMessageOf(body: FixtureBody): string {
  const content = body.messages[0]?.content;
  if (typeof content !== 'string') throw new Error('fixture has no system message');
  return content;
}

/** Rebuilds a home from a fixture's static-context YAML (states are placeholders): for byte-identity tests. */
export function homeFromStaticContext(
  systemMessage: string,
  parse: (yaml: string) => unknown,
): {
  areas: { name: string; aliases: string[] }[];
  entities: {
    entityId: string;
    name: string;
    aliases: string[];
    domain: string;
    area?: string;
    state: string;
    attributes: Record<string, never>;
  }[];
} {
  const header = 'Static Context: An overview of the areas and the devices in this smart home:\n';
  const yaml = systemMessage.slice(systemMessage.indexOf(header) + header.length);
  const items = parse(yaml) as { names: string; domain: string; areas?: string }[];
  const areas = new Map<string, string[]>();
  const entities = items.map((item, index) => {
    const [name = '', ...aliases] = item.names.split(', ');
    const [area, ...areaAliases] = item.areas?.split(', ') ?? [];
    if (area !== undefined) areas.set(area, areaAliases);
    return {
      entityId: `${item.domain}.entity_${index}`,
      name,
      aliases,
      domain: item.domain,
      ...(area !== undefined && { area }),
      state: 'on',
      attributes: {},
    };
  });
  return { areas: [...areas].map(([name, aliases]) => ({ name, aliases })), entities };
}
