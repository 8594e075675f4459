// Whether a request is Extended OpenAI Conversation's: it offers `execute_services` and its catalogue names entity ids.

import { findTool, type HaRequest, type OfferedTool } from '../understand/index.ts';
import { EXECUTE_SERVICES } from './service-table.ts';

/** The offered `execute_services` tool, when the catalogue carries the entity ids its calls need; else undefined. */
export function servicesToolOf(request: Pick<HaRequest, 'tools' | 'catalog'>): OfferedTool | undefined {
  const tool = findTool(request.tools, EXECUTE_SERVICES);
  if (tool === undefined) return undefined;
  return request.catalog?.entities.some((entity) => entity.entityId !== undefined) === true ? tool : undefined;
}
