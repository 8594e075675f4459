// Reading the view of a home the result filter judges by: every entity, whether the limits let it through, its name.

import type { HomeAssistantReader } from '../../homeassistant/index.ts';
import { isVisible, readHomeFacts } from '../home/home-facts.ts';
import type { Exclusions } from '../policy/exclusion-config.ts';
import { createEntityView, type EntityView } from './entity-filter.ts';

/**
 * The view of the home as it is now, under the exclusions; a refusal when the home cannot be read (a result that
 * cannot be judged is not returned).
 */
export async function readEntityView(
  reader: HomeAssistantReader,
  exclusions: Exclusions,
): Promise<{ kind: 'ok'; view: EntityView } | { kind: 'refused'; reason: string; said?: string }> {
  const facts = await readHomeFacts({ reader, exclusions }, { needAreas: false });
  if (facts.kind === 'refused') return facts;
  const states = await reader.getStates();
  if (!states.ok)
    return {
      kind: 'refused',
      reason: 'the result could not be checked against the exclusions: the states could not be read',
      said: states.reason,
    };
  const view = createEntityView(
    states.value.map((state) => {
      const name = state.attributes.friendly_name;
      return {
        entityId: state.entity_id,
        isVisible: isVisible(state.entity_id, facts.facts),
        ...(typeof name === 'string' ? { name } : {}),
      };
    }),
  );
  return { kind: 'ok', view };
}
