// HA-Assist's diagnostics: the typed model, and its `ha_*` wire form.
export type {
  Candidate,
  CueDiagnostics,
  Diagnostics,
  GateDiagnostics,
  HistoryDiagnostics,
  IntentDiagnostics,
  MatchDiagnostics,
  PlanDiagnostics,
  ConditionDiagnostics,
  PlanKind,
  PromptDiagnostics,
  RetrievalDiagnostics,
  RouteDiagnostics,
  ValidationDiagnostics,
  VerifyDiagnostics,
} from './diagnostics.ts';
export { roundMs } from './diagnostics.ts';
export { toWireMetrics } from './wire.ts';
export { compiledDiagnostics, directDiagnostics, gateDiagnostics, validationDiagnostics } from './assemble.ts';
