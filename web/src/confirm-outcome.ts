// The sentence that says what confirming a proposal did.
import type { ConfirmResponse } from './types.ts';

// Used only when the server gave no reason of its own.
const FALLBACKS: Record<ConfirmResponse['outcome'], string> = {
  done: 'Sent.',
  failed: 'Home Assistant did not carry it out.',
  unknown: 'Home Assistant may have carried it out.',
  'not-sent': 'Nothing was sent.',
};

/** "Sent: light.kitchen_light is now on" for a change that went through, else the server's reason verbatim. */
export function describeOutcome(reply: ConfirmResponse): string {
  if (reply.outcome === 'done' && reply.changed && reply.changed.length > 0) {
    return `Sent: ${reply.changed.map((entity) => `${entity.entity_id} is now ${entity.state}`).join(', ')}`;
  }
  return reply.reason ?? FALLBACKS[reply.outcome] ?? reply.outcome;
}
