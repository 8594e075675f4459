// The tool add-on's public surface: the guard every call passes, the catalog, the exclusion policy and safe results.

export {
  createToolGuard,
  type ToolCallResult,
  type ToolConnection,
  type ToolGuard,
  type ToolGuardOptions,
  type ToolListing,
} from './guard.ts';
export { TOOLS } from './registry.ts';
export type {
  AddConnectionResult,
  ConnectionAdmin,
  ConnectionSummary,
  ConnectionTest,
  NewConnection,
} from './connections.ts';
export { checkConnectionSizes } from './connections.ts';
export {
  UNATTENDED,
  type Caller,
  type ToolContext,
  type ToolDefinition,
  type ToolOutcome,
  type ToolReader,
} from './tool.ts';
export type { HomeRead, VisibleHome, VisibleHomeRead } from './home/visible-home.ts';
export {
  PROPOSAL_LIFETIME_MS,
  createChangeService,
  describeOutcome,
  type Change,
  type ChangeService,
  type ChangeServiceOptions,
  type ChangeTarget,
  type Confirmation,
  type Execution,
  type Recheck,
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
export { NEVER_AVAILABLE, neverAvailableRule, type NeverAvailableRule } from './policy/never-available.ts';
export {
  DEFAULT_SERVICE_ALLOWLIST,
  WRITE_TOOL_OF,
  allowEntry,
  type AllowEntry,
  type ServiceClass,
} from './policy/service-allowlist.ts';

export {
  DEFAULT_EXCLUDED_DOMAINS,
  DEFAULT_EXCLUDED_LABELS,
  ExclusionConfigSchema,
  parseExclusionConfig,
  type ExclusionConfig,
  type ExclusionConfigParse,
  type Exclusions,
} from './policy/exclusion-config.ts';
export {
  EXCLUSION_NOTE_TEXT,
  filterEntities,
  isExcluded,
  type AreaFact,
  type ExclusionDecision,
  type ExclusionNote,
  type ExclusionRule,
  type ExclusionSubject,
  type FilteredEntities,
  type LabelFact,
} from './policy/exclusions.ts';
export {
  DEFAULT_MAX_ENTITIES,
  DEFAULT_POLICY,
  DEFAULT_POLICY_TEXT,
  MAX_ENTITIES_LIMIT,
  PolicyFileSchema,
  parsePolicy,
  serializePolicy,
  type Policy,
  type PolicyFile,
  type PolicyParse,
} from './policy/policy-file-schema.ts';
export {
  DOOR_LIKE_COVER_CLASSES,
  TARGET_DATA_KEYS,
  decideCall,
  type CallDecision,
  type CallEntity,
  type CallRequest,
  type DenyRule,
} from './policy/decide-call.ts';
export type { JsonObject, JsonValue } from './results/json-value.ts';
export { DEFAULT_RESULT_LIMITS, type ResultLimits } from './results/limits.ts';
export {
  REDACTED,
  REDACTION_RULES,
  TOO_DEEP,
  isRedactedKey,
  redact,
  redactText,
  type RedactionRule,
} from './results/redact.ts';
export {
  CUT_MARKER,
  TOO_DEEP_MARKER,
  bound,
  checkSize,
  hasCuts,
  type Bounded,
  type Cuts,
  type TooLarge,
} from './results/bound.ts';
export { UNTRUSTED_NOTE, markUntrusted, type UntrustedResult } from './results/untrusted.ts';
export { describeCuts, safeResult, type SafeResult, type SafeResultOptions } from './results/safe-result.ts';
export { createTokenMatcher, MIN_TOKEN_CHARS, type TokenMatcher } from './results/token-matcher.ts';
export { refusalText, MAX_REASON_CHARS, type Refusal } from './results/refusal-text.ts';
export {
  ENTITY_FIELDS,
  createEntityView,
  filterEntityReferences,
  namesEntities,
  type EntityFieldRole,
  type EntityView,
  type ViewedEntity,
} from './results/entity-filter.ts';
export { INPUT_LIMITS, checkJsonBounds, echo, type JsonBoundsCheck } from './input-limits.ts';
