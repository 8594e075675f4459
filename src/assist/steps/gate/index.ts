// The gate: the one place that decides whether a turn's calls are sent, asked about or refused.
export { judgeCalls } from './gate.ts';
export { gatePlan, type GatedPlan } from './gate-plan.ts';
export { readDevicesFirst } from './read-devices-first.ts';
export type {
  AskReason,
  CallSource,
  GateCall,
  GateInput,
  GateVerdict,
} from './gate-input.ts';
export type { OutputCheck, OutputRules } from './call-rules.ts';
