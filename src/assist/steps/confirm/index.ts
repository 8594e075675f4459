// The confirmation step: sensitive actions wait for a person's yes.
export {
  rememberQuestion,
  replyToQuestion,
  type ConfirmationState,
  type ConfirmContext,
  type ConfirmReply,
  type QuestionRequest,
} from './confirm.ts';
export { confirmWordsOf, type ConfirmWords } from './confirm-words.ts';
export {
  createPendingConfirmations,
  type PendingConfirmation,
  type PendingConfirmations,
} from './pending-confirmations.ts';
export { sensitiveActionOf, type SensitiveAction } from './sensitive-actions.ts';
