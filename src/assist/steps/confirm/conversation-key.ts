// The key that ties a confirmation question to who was asked: the conversation id, satellite and agent, the messages
// before the question, and the question itself.

import { createHash } from 'node:crypto';
import { type Message, textOf } from '../../../conversation/index.ts';
import type { Asker } from './asker.ts';

/**
 * A digest of who was asked (`asker`), the conversation's user, assistant and tool messages, and `question`. System
 * messages are left out here: Home Assistant rewrites the prompt's time line every round, so only the agent's stable
 * instructions (in `asker`) count. The same conversation sent again by the same asker, with the question as its last
 * assistant message, gives the same key; another conversation id, satellite, agent or history gives another.
 */
export function conversationKey(asker: Asker, messages: readonly Message[], question: string): string {
  const hash = createHash('sha256');
  // Each part ends with a NUL, so no two different parts can run together into the same bytes.
  for (const part of [asker.conversationId, asker.satellite, asker.agent]) hash.update(`${part}\u0000`);
  for (const message of messages) {
    if (message.role === 'system' || message.role === 'developer') continue;
    hash.update(`${message.role}\u0000${textOf(message.content)}\u0000`);
    if (message.role === 'assistant')
      for (const call of message.toolCalls) hash.update(`${call.name}\u0000${call.arguments}\u0000`);
  }
  hash.update(`question\u0000${question}`);
  return hash.digest('hex');
}
