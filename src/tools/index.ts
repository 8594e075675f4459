// The tool add-on's public surface: the guard every call passes, the catalog, the exclusion policy and safe results.

export {
  createToolGuard,
  type ToolCallResult,
  type ToolConnection,
  type ToolGuard,
  type ToolListing,
} from './guard.ts';

export type {
  AddConnectionResult,
  ConnectionAdmin,
  ConnectionSummary,
  ConnectionTest,
  NewConnection,
} from './connections.ts';
export { checkConnectionSizes } from './connections.ts';
export { UNATTENDED, type Caller, type ToolDefinition } from './tool.ts';

export {
  createChangeService,
  type ChangeService,
  type ChangeTarget,
  type Refused,
  type RecheckOutcome,
} from './changes/change-service.ts';
export { recheckProposal } from './changes/recheck.ts';
export type { LimitsAdmin, LimitsState, SaveLimitsResult } from './changes/limits.ts';
export { journalJson, proposalJson } from './changes/change-json.ts';
export type {
  Journal,
  JournalEntry,
  OperationState,
  Proposal,
  ProposalEntity,
  ProposalStatus,
  ProposalStore,
  ProposalTransition,
  WriteMode,
} from './changes/stores.ts';
export { NEVER_AVAILABLE, neverAvailableRule } from './policy/never-available.ts';
export { DEFAULT_SERVICE_ALLOWLIST, allowEntry, type AllowEntry } from './policy/service-allowlist.ts';

export { parseExclusionConfig, type ExclusionConfig, type Exclusions } from './policy/exclusion-config.ts';
export {
  EXCLUSION_NOTE_TEXT,
  filterEntities,
  isExcluded,
  type ExclusionDecision,
  type ExclusionSubject,
} from './policy/exclusions.ts';
export {
  DEFAULT_POLICY,
  DEFAULT_POLICY_TEXT,
  parsePolicy,
  serializePolicy,
  type Policy,
  type PolicyParse,
} from './policy/policy-file-schema.ts';
export {
  decideCall,
  type CallDecision,
  type CallEntity,
  type CallRequest,
  type DenyRule,
} from './policy/decide-call.ts';
export type { JsonValue } from './results/json-value.ts';
export { DEFAULT_RESULT_LIMITS, type ResultLimits } from './results/limits.ts';
export { REDACTED, REDACTION_RULES, TOO_DEEP, isRedactedKey, redact, redactText } from './results/redact.ts';
export { CUT_MARKER, TOO_DEEP_MARKER, bound, checkSize, type Bounded } from './results/bound.ts';
export { UNTRUSTED_NOTE, markUntrusted } from './results/untrusted.ts';
export { safeResult } from './results/safe-result.ts';
export { createTokenMatcher, type TokenMatcher } from './results/token-matcher.ts';
export { refusalText } from './results/refusal-text.ts';

export { INPUT_LIMITS, echo } from './input-limits.ts';
