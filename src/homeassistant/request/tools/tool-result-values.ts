// Tool results HA sends back to the model, as values for `json.dumps`: an intent response and GetDateTime's result.

import type { Entity } from '../entities/home-model.ts';
import type { PyJsonValue } from '../python/py-json.ts';

/** `IntentResponse.as_dict()` of a successful on/off intent on `entities` (empty speech, no targets). */
export function actionDoneResult(entities: readonly Pick<Entity, 'entityId' | 'name'>[]): PyJsonValue {
  const success = entities.map((entity) => ({ name: entity.name, type: 'entity', id: entity.entityId }));
  return { speech: {}, response_type: 'action_done', data: { targets: [], success, failed: [] } };
}

/** GetDateTime's result for a local date and time. */
export function dateTimeResult(fields: { date: string; time: string; timezone: string; weekday: string }): PyJsonValue {
  return {
    success: true,
    result: { date: fields.date, time: fields.time, timezone: fields.timezone, weekday: fields.weekday },
  };
}
