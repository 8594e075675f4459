// Reads the `Available Devices` CSV block of Extended OpenAI Conversation's prompt as a catalogue.

import { createCatalog, type CatalogEntity, type EntityCatalog } from '../entities/catalog.ts';

const BLOCK_START = 'Available Devices:\n```csv\nentity_id,name,state,aliases\n';
const BLOCK_END = '\n```';

/** The catalogue in an Extended OpenAI Conversation prompt, or undefined when the prompt has none. */
export function readExtendedDevices(systemText: string): EntityCatalog | undefined {
  const at = systemText.indexOf(BLOCK_START);
  if (at < 0) return undefined;
  const start = at + BLOCK_START.length;
  const end = systemText.indexOf(BLOCK_END, start);
  const body = systemText.slice(start, end < 0 ? systemText.length : end);
  const entities = body
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map(parseRow)
    .filter((row) => row !== undefined);
  return createCatalog('extended-csv', entities);
}

/**
 * One `entity_id,name,state,aliases` row. The template writes fields unquoted, so a name may hold
 * commas: the id is the first field, aliases (joined with "/") the last, state the one before.
 */
function parseRow(line: string): CatalogEntity | undefined {
  const fields = line.split(',');
  if (fields.length < 4) return undefined;
  const entityId = fields[0]!.trim();
  const dot = entityId.indexOf('.');
  if (dot <= 0) return undefined;
  const aliasField = fields[fields.length - 1]!;
  const state = fields[fields.length - 2]!;
  const name = fields.slice(1, -2).join(',');
  return {
    name,
    aliases: aliasField === '' ? [] : aliasField.split('/'),
    domain: entityId.slice(0, dot),
    areaAliases: [],
    entityId,
    state,
  };
}
