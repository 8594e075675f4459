// The decision on a service call against the visible home: the one a write tool makes and a confirmation makes again.

import { type CallDecision, type CallRequest, decideCall } from '../policy/decide-call.ts';
import type { Policy } from '../policy/policy-file-schema.ts';
import type { VisibleHome } from './visible-home.ts';

/**
 * Decides `call` under `policy` with what `home` says of each named entity (exclusions in Home Assistant's ids, its
 * existence, its device class): a write tool when the call is made, and the confirmation's re-check, share it.
 */
export function decideOnHome(policy: Policy, call: CallRequest, home: VisibleHome): CallDecision {
  return decideCall({ ...policy, exclusions: home.exclusions }, call, home.callEntities(call.entityIds));
}
