// Whether a request carries Home Assistant's context: what HA-Assist answers without a model is read from it.

import type { Turn } from '../../conversation/index.ts';
import { systemTextOf } from './ha-request.ts';

/**
 * True when the turn carries what a request from Home Assistant's conversation agent carries: a system prompt, offered
 * tools, or `ha_context`. Any system prompt counts: Home Assistant always sends one (with no LLM API selected it holds
 * only the instructions and the time), so only a request with none of the three is certainly not from it.
 */
export function carriesHomeAssistantContext(turn: Turn): boolean {
  return systemTextOf(turn.messages).trim() !== '' || turn.tools.length > 0 || 'ha_context' in turn.extra;
}
