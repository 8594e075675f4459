// A person's yes before a sensitive action: ask instead of sending, and send only on the answer to hearth's own
// question, within the timeout, while the devices are still there.

import { type Message, textOf, type ToolCall } from '../../../conversation/index.ts';
import { normalizeName } from '../../home-lists.ts';
import type { EntityCatalog } from '../../understand/index.ts';
import { conversationKey } from './conversation-key.ts';
import type { PendingConfirmations } from './pending-confirmations.ts';
import { sensitiveActionOf } from './sensitive-actions.ts';

/** How a confirmation question ended, or that one was asked (`ha_plan.confirmation`). */
export type ConfirmationState = 'asked' | 'confirmed' | 'cancelled' | 'expired';

/** The answers that confirm, and those that plainly decline (English; all else also cancels). */
const YES = new Set(['yes', 'yes please', 'yeah', 'yep', 'confirm', 'confirmed', 'do it', 'yes do it', 'go ahead']);
const NO = new Set(['no', 'no thanks', 'nope', 'cancel', 'stop', 'dont', 'do not', 'never mind', 'nevermind']);

/** What confirming needs: the store, the time now (monotonic ms) and the timeout. */
export interface ConfirmContext {
  readonly pending: PendingConfirmations;
  readonly now: number;
  readonly timeoutSeconds: number;
}

/** What the user's reply to an open question decides. */
export type ConfirmReply =
  | { kind: 'send'; calls: readonly Omit<ToolCall, 'id'>[] }
  | { kind: 'answer'; text: string; confirmation: 'cancelled' | 'expired' }
  /** The reply is about something else: the question is dropped and the turn goes on as usual. */
  | { kind: 'dropped' };

/**
 * The reply to a question hearth asked in this very conversation (the last assistant message, with the same
 * history before it), or undefined when the turn answers no question of ours. The question is used up either way.
 */
export function replyToQuestion(
  messages: readonly Message[],
  catalog: EntityCatalog | undefined,
  context: ConfirmContext,
): ConfirmReply | undefined {
  const last = messages.length - 1;
  const question = messages[last - 1];
  if (messages[last]?.role !== 'user' || question?.role !== 'assistant' || question.toolCalls.length > 0)
    return undefined;
  const pending = context.pending.take(conversationKey(messages.slice(0, last - 1), textOf(question.content)));
  if (pending === undefined) return undefined;
  const reply = normalizeName(textOf(messages[last]!.content)).replace(/[^\p{L}\p{N} ]/gu, '');
  if (NO.has(reply)) return { kind: 'answer', text: "OK, I won't.", confirmation: 'cancelled' };
  if (!YES.has(reply)) return { kind: 'dropped' };
  if (context.now - pending.askedAt > context.timeoutSeconds * 1000)
    return {
      kind: 'answer',
      text: 'That question has expired, so I did nothing. Please ask again.',
      confirmation: 'expired',
    };
  const gone = pending.targets.find((name) => catalog !== undefined && !isInHome(catalog, name));
  if (gone !== undefined)
    return { kind: 'answer', text: `${gone} is no longer in the home, so I did nothing.`, confirmation: 'cancelled' };
  return { kind: 'send', calls: pending.calls };
}

/**
 * Remembers `question`, asked instead of sending `calls` (the gate found one sensitive), for this conversation: only
 * its very next "yes" sends them, while the devices they reach are still in the home.
 */
export function rememberQuestion(
  calls: readonly Omit<ToolCall, 'id'>[],
  request: { readonly messages: readonly Message[]; readonly catalog: EntityCatalog | undefined },
  canonicalName: (toolName: string) => string,
  asked: { readonly question: string; readonly context: ConfirmContext },
): void {
  const actions = calls.flatMap((call) => sensitiveActionOf(call, canonicalName(call.name), request.catalog) ?? []);
  const targets = request.catalog === undefined ? [] : actions.flatMap((action) => action.targets);
  const { question, context } = asked;
  context.pending.remember(conversationKey(request.messages, question), { calls, targets, askedAt: context.now });
}

function isInHome(catalog: EntityCatalog, name: string): boolean {
  const key = normalizeName(name);
  return catalog.entities.some((entity) => normalizeName(entity.name) === key);
}
