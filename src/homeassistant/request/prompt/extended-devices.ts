// Reads the `Available Devices` CSV block of Extended OpenAI Conversation's prompt as a catalogue.

import { createCatalog, type CatalogEntity, type EntityCatalog } from '../entities/catalog.ts';

const BLOCK_START = 'Available Devices:\n```csv\n';
const BLOCK_END = '\n```';
/**
 * The default template's header is `entity_id,name,state,aliases`; users often add the area
 * (`{{ area_name(entity.entity_id) }}`) as an `area` column. Columns are found by name.
 */
const HEADER_START = 'entity_id,name,';

/** The catalogue in an Extended OpenAI Conversation prompt, or undefined when the prompt has none. */
export function readExtendedDevices(systemText: string): EntityCatalog | undefined {
  const at = systemText.indexOf(BLOCK_START + HEADER_START);
  if (at < 0) return undefined;
  const start = at + BLOCK_START.length;
  const end = systemText.indexOf(BLOCK_END, start);
  const [header = '', ...lines] = systemText.slice(start, end < 0 ? systemText.length : end).split('\n');
  const columns = header.split(',').map((column) => column.trim());
  const entities = lines
    .filter((line) => line.trim() !== '')
    .map((line) => parseRow(line, columns))
    .filter((row) => row !== undefined);
  return createCatalog('extended-csv', entities);
}

/**
 * One row. The template writes fields unquoted, so a name may hold commas: the fields before `name` are read from
 * the left, those after it from the right, and `name` is what lies between.
 */
function parseRow(line: string, columns: readonly string[]): CatalogEntity | undefined {
  const fields = line.split(',');
  const extra = fields.length - columns.length;
  if (extra < 0) return undefined;
  const nameAt = columns.indexOf('name');
  const value = (column: string): string | undefined => {
    const index = columns.indexOf(column);
    if (index < 0) return undefined;
    if (index < nameAt) return fields[index];
    if (index === nameAt) return fields.slice(nameAt, nameAt + extra + 1).join(',');
    return fields[index + extra];
  };
  const entityId = value('entity_id')!.trim();
  const dot = entityId.indexOf('.');
  if (dot <= 0) return undefined;
  const aliasField = value('aliases') ?? '';
  const state = value('state');
  const area = (value('area') ?? value('area_name'))?.trim();
  return {
    name: value('name')!,
    aliases: aliasField === '' ? [] : aliasField.split('/'),
    domain: entityId.slice(0, dot),
    ...(area === undefined || area === '' || area === 'None' ? {} : { area }),
    areaAliases: [],
    entityId,
    ...(state === undefined ? {} : { state }),
  };
}
