// The confirmation step: sensitive actions wait for a person's yes.
export {
  rememberQuestion,
  replyToQuestion,
  type ConfirmationState,
  type ConfirmContext,
  type ConfirmReply,
} from './confirm.ts';
export {
  createPendingConfirmations,
  type PendingConfirmation,
  type PendingConfirmations,
} from './pending-confirmations.ts';
export { sensitiveActionOf, type SensitiveAction } from './sensitive-actions.ts';
