// A person's yes before a sensitive action: ask instead of sending, and send only on the answer to hearth's own
// question, from whoever was asked, within the timeout, while the devices are still there.

import { textOf, type ToolCall, type Turn } from '../../../conversation/index.ts';
import { normalizeName } from '../../home-lists.ts';
import type { EntityCatalog, HaRequest } from '../../understand/index.ts';
import { askerOf } from './asker.ts';
import { confirmWordsOf, readReply } from './confirm-words.ts';
import { conversationKey } from './conversation-key.ts';
import type { PendingConfirmations } from './pending-confirmations.ts';
import { sensitiveActionOf } from './sensitive-actions.ts';

/** How a confirmation question ended, or that one was asked (`ha_plan.confirmation`). */
export type ConfirmationState = 'asked' | 'confirmed' | 'cancelled' | 'expired';

/** What confirming needs: the store, the time now (monotonic ms), the timeout and the request's language. */
export interface ConfirmContext {
  readonly pending: PendingConfirmations;
  readonly now: number;
  readonly timeoutSeconds: number;
  /** The grammar's language ("en", "de"): the words a reply is read in, and the language of the answers. */
  readonly language: string;
}

/** What of the understood request a question is checked against: the home's devices and the satellite. */
export type QuestionRequest = Pick<HaRequest, 'catalog' | 'satellite'>;

/** What the user's reply to an open question decides. */
export type ConfirmReply =
  | { kind: 'send'; calls: readonly Omit<ToolCall, 'id'>[] }
  | { kind: 'answer'; text: string; confirmation: 'cancelled' | 'expired' }
  /** The reply is about something else: the question is dropped and the turn goes on as usual. */
  | { kind: 'dropped' };

/**
 * The reply to a question hearth asked in this very conversation (the last assistant message, with the same history
 * before it, the same conversation id, satellite and agent), or undefined when the turn answers no question of ours.
 * A question found is used up either way; one asked elsewhere is not found, and stays open for its own conversation.
 */
export function replyToQuestion(
  turn: Turn,
  request: QuestionRequest,
  context: ConfirmContext,
): ConfirmReply | undefined {
  const { messages } = turn;
  const last = messages.length - 1;
  const question = messages[last - 1];
  if (messages[last]?.role !== 'user' || question?.role !== 'assistant' || question.toolCalls.length > 0)
    return undefined;
  const key = conversationKey(askerOf(turn, request), messages.slice(0, last - 1), textOf(question.content));
  const pending = context.pending.take(key);
  if (pending === undefined) return undefined;
  const words = confirmWordsOf(context.language);
  const reply = readReply(textOf(messages[last]!.content));
  if (words.no.has(reply)) return { kind: 'answer', text: words.cancelled, confirmation: 'cancelled' };
  if (!words.yes.has(reply)) return { kind: 'dropped' };
  if (context.now - pending.askedAt > context.timeoutSeconds * 1000)
    return { kind: 'answer', text: words.expired, confirmation: 'expired' };
  const { catalog } = request;
  const gone = pending.targets.find((name) => catalog !== undefined && !isInHome(catalog, name));
  if (gone !== undefined) return { kind: 'answer', text: words.gone(gone), confirmation: 'cancelled' };
  return { kind: 'send', calls: pending.calls };
}

/**
 * Remembers `question`, asked instead of sending `calls` (the gate found one sensitive), for this conversation: only
 * its very next "yes", from the same conversation id, satellite and agent, sends them, while the devices they reach
 * are still in the home.
 */
export function rememberQuestion(
  calls: readonly Omit<ToolCall, 'id'>[],
  asking: { readonly turn: Turn; readonly request: QuestionRequest },
  canonicalName: (toolName: string) => string,
  asked: { readonly question: string; readonly context: ConfirmContext },
): void {
  const { turn, request } = asking;
  const actions = calls.flatMap((call) => sensitiveActionOf(call, canonicalName(call.name), request.catalog) ?? []);
  const targets = request.catalog === undefined ? [] : actions.flatMap((action) => action.targets);
  const { question, context } = asked;
  const asker = askerOf(turn, request);
  const key = conversationKey(asker, turn.messages, question);
  // Without a conversation id, two conversations may share the key: each keeps its own question.
  context.pending.remember(key, { calls, targets, askedAt: context.now }, asker.conversationId === '');
}

function isInHome(catalog: EntityCatalog, name: string): boolean {
  const key = normalizeName(name);
  return catalog.entities.some((entity) => normalizeName(entity.name) === key);
}
