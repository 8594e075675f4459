// The key that ties a confirmation question to its conversation: the messages before it and the question itself.

import { createHash } from 'node:crypto';
import { type Message, textOf } from '../../../conversation/index.ts';

/**
 * A digest of the conversation's user, assistant and tool messages followed by `question`. System messages are
 * left out: Home Assistant rewrites the prompt's time line every round. The same conversation sent again with
 * the question as its last assistant message gives the same key; any other history gives another.
 */
export function conversationKey(messages: readonly Message[], question: string): string {
  const hash = createHash('sha256');
  for (const message of messages) {
    if (message.role === 'system' || message.role === 'developer') continue;
    hash.update(`${message.role}\u0000${textOf(message.content)}\u0000`);
    if (message.role === 'assistant')
      for (const call of message.toolCalls) hash.update(`${call.name}\u0000${call.arguments}\u0000`);
  }
  hash.update(`question\u0000${question}`);
  return hash.digest('hex');
}
