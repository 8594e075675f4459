// Building Home Assistant request rounds for HA-Assist tests: a first request, then tool results as HA sends them.

import {
  actionDoneResult,
  buildHaRequest,
  buildToolFollowUp,
  renderLiveContext,
  type HomeAttributeValue,
  type HaChatRequest,
  type Home,
} from '../../src/homeassistant/request/index.ts';
import { FIXTURE_HOME } from '../fixtures/homes/index.ts';

/** The fixtures' small home with some entities in other states. */
export function homeWith(
  states: Record<string, string>,
  attributes: Record<string, Record<string, HomeAttributeValue>> = {},
): Home {
  return {
    ...FIXTURE_HOME,
    entities: FIXTURE_HOME.entities.map((entity) => ({
      ...entity,
      state: states[entity.name] ?? entity.state,
      attributes: { ...entity.attributes, ...(attributes[entity.name] ?? {}) },
    })),
  };
}

/** `home` with one more entity. */
export function homePlus(
  home: Home,
  entity: {
    name: string;
    domain: string;
    area?: string;
    state: string;
    aliases?: string[];
    attributes?: Record<string, HomeAttributeValue>;
  },
): Home {
  const entityId = `${entity.domain}.${entity.name.toLowerCase().replaceAll(' ', '_')}`;
  return { ...home, entities: [...home.entities, { entityId, aliases: [], attributes: {}, ...entity }] };
}

/** The first request of a turn, in HA 2026's shape (GetLiveContext and GetDateTime tools, no state in the prompt). */
export function firstRequest(
  userText: string,
  home: Home = FIXTURE_HOME,
  era: '2025' | '2026' = '2026',
): HaChatRequest {
  return buildHaRequest(home, { userText, era });
}

/** The next round: `request` plus the assistant's call and HA's result for it. */
export function withResult(
  request: HaChatRequest,
  call: { id: string; name: string; arguments: string },
  result: unknown,
): HaChatRequest {
  return buildToolFollowUp(request, [
    { id: call.id, name: call.name, arguments: call.arguments, result: result as never },
  ]);
}

/** HA's GetLiveContext result for `home`. */
export function liveContextOf(home: Home): string {
  return renderLiveContext(home);
}

/** HA's intent response for a command: the entities it switched, and those that failed. */
export function actionResult(success: string[], failed: string[] = []): string {
  const entity = (name: string) => ({
    name,
    type: 'entity',
    id:
      FIXTURE_HOME.entities.find((e) => e.name === name)?.entityId ??
      `light.${name.toLowerCase().replaceAll(' ', '_')}`,
  });
  const done = actionDoneResult(success.map((name) => ({ name, entityId: entity(name).id }))) as {
    data: Record<string, unknown>;
  };
  return JSON.stringify({ ...done, data: { ...done.data, failed: failed.map(entity) } });
}
