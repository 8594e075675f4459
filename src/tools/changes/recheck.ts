// A confirmation's second look at the home: the guard's decision again, on what Home Assistant says at that moment.

import { isHearthError } from '../../common/index.ts';
import type { HomeAssistantReader } from '../../homeassistant/index.ts';
import { decideOnHome } from '../home/decide-on-home.ts';
import { createHomeView } from '../home/visible-home.ts';
import type { Policy } from '../policy/policy-file-schema.ts';
import type { RecheckOutcome } from './change-service.ts';
import type { Proposal } from './stores.ts';

/**
 * Reads the visible home again, as the guard read it when the proposal was made (the exclusions' areas and labels,
 * every state), and decides the call again with the write tools' own decision ({@link decideOnHome}): an entity that
 * got an excluded label, or a cover that now reports a garage door, refuses the confirmation. A home that cannot be
 * read refuses it too.
 */
export async function recheckProposal(
  proposal: Proposal,
  home: { reader: HomeAssistantReader; policy: Policy },
): Promise<RecheckOutcome> {
  try {
    return await decideAgain(proposal, home);
  } catch (error) {
    if (!isHearthError(error)) throw error;
    return unreadable(error.message);
  }
}

async function decideAgain(
  proposal: Proposal,
  { reader, policy }: { reader: HomeAssistantReader; policy: Policy },
): Promise<RecheckOutcome> {
  const entityIds = proposal.entities.map((entity) => entity.entityId);
  const call = { domain: proposal.domain, service: proposal.service, entityIds, data: proposal.data };
  const read = await createHomeView(reader, policy.exclusions).read({ needAreas: false });
  // Home Assistant's own words stay out: this reason may reach a model (a confirmation by elicitation).
  if (read.kind === 'refused') return unreadable(read.reason);
  const decision = decideOnHome(policy, call, read.home);
  if (decision.kind === 'deny') return notPassing(decision.reason);
  if (decision.serviceClass !== proposal.serviceClass)
    return notPassing(`${call.domain}.${call.service} is now a ${decision.serviceClass} change`);
  return { kind: 'passes' };
}

/** Nothing was judged: the proposal stays open, to be confirmed once the home can be read. */
function unreadable(why: string): RecheckOutcome {
  return { kind: 'unreadable', reason: `the home could not be read again to check the change: ${why}` };
}

function notPassing(why: string): RecheckOutcome {
  return { kind: 'refused', reason: `the change no longer passes the limits on the home as it is now: ${why}` };
}
