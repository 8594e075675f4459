// Where a request's live state comes from: a GetLiveContext result, or state in the prompt itself.

import type { ToolCall } from '../../../conversation/index.ts';
import { findTool, type EntityCatalog, type HaRequest } from '../../understand/index.ts';

/** Live state to answer from, or the tool call that fetches it, or neither. */
export type LiveState =
  | { kind: 'known'; catalog: EntityCatalog; source: 'live-context' | 'prompt' }
  | { kind: 'fetch'; call: Omit<ToolCall, 'id'> }
  | { kind: 'unavailable' };

/**
 * The newest GetLiveContext result of the current turn wins; a prompt that carries state (HA ≤ 2025.3,
 * Extended OpenAI Conversation) is next; otherwise a GetLiveContext call when the request offers one.
 */
export function liveStateOf(request: Pick<HaRequest, 'liveContext' | 'catalog' | 'tools' | 'toolChoice'>): LiveState {
  if (request.liveContext !== undefined) return { kind: 'known', catalog: request.liveContext, source: 'live-context' };
  if (request.catalog?.hasState === true) return { kind: 'known', catalog: request.catalog, source: 'prompt' };
  const tool = findTool(request.tools, 'GetLiveContext');
  if (tool === undefined || request.toolChoice === 'none') return { kind: 'unavailable' };
  // No filters: the whole home, whatever names, aliases and areas the question used.
  return { kind: 'fetch', call: { name: tool.name, arguments: '{}' } };
}
