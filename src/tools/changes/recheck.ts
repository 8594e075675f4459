// A confirmation's second look at the home: the guard's decision again, on what Home Assistant says at that moment.

import { isHearthError } from '../../common/index.ts';
import type { HaState, HomeAssistantReader } from '../../homeassistant/index.ts';
import { readHomeFacts, readVisibleStates, subjectOf } from '../home/home-facts.ts';
import { type CallEntity, decideCall } from '../policy/decide-call.ts';
import type { Policy } from '../policy/policy-file-schema.ts';
import type { RecheckOutcome } from './change-service.ts';
import type { Proposal } from './stores.ts';

/**
 * Reads again what the guard read when the proposal was made (the exclusions' areas and labels, each entity's state
 * and device class) and decides the call again with {@link decideCall}: an entity that got an excluded label, or a
 * cover that now reports a garage door, refuses the confirmation. A home that cannot be read refuses it too.
 */
export async function recheckProposal(
  proposal: Proposal,
  home: { reader: HomeAssistantReader; policy: Policy },
): Promise<RecheckOutcome> {
  try {
    return await decideAgain(proposal, home);
  } catch (error) {
    if (!isHearthError(error)) throw error;
    return notPassing(`the home could not be read again to check it: ${error.message}`);
  }
}

async function decideAgain(
  proposal: Proposal,
  { reader, policy }: { reader: HomeAssistantReader; policy: Policy },
): Promise<RecheckOutcome> {
  const entityIds = proposal.entities.map((entity) => entity.entityId);
  const call = { domain: proposal.domain, service: proposal.service, entityIds, data: proposal.data };
  const facts = await readHomeFacts({ reader, exclusions: policy.exclusions }, { needAreas: false });
  if (facts.kind === 'refused') return notPassing(facts.reason);
  const read = await readVisibleStates(entityIds, reader, facts.facts);
  if (read.kind === 'refused') return notPassing(read.reason);
  const entities: CallEntity[] = entityIds.map((id) => ({
    ...subjectOf(id, facts.facts),
    exists: read.states.has(id),
    deviceClass: deviceClassOf(read.states.get(id)),
  }));
  const decision = decideCall({ ...policy, exclusions: facts.facts.exclusions }, call, entities);
  if (decision.kind === 'deny') return notPassing(decision.reason);
  if (decision.serviceClass !== proposal.serviceClass)
    return notPassing(`${call.domain}.${call.service} is now a ${decision.serviceClass} change`);
  return { kind: 'passes' };
}

function notPassing(why: string): RecheckOutcome {
  return { kind: 'refused', reason: `the change no longer passes the limits on the home as it is now: ${why}` };
}

function deviceClassOf(state: HaState | undefined): string | null {
  const value = state?.attributes.device_class;
  return typeof value === 'string' ? value : null;
}
