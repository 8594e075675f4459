// The fake's service engine, shared by REST and the WebSocket: checks, targets, effects and scripted faults (§6.3–6.5).

import type { FakeHaContext, FakeUser } from './context.ts';
import { isoTime } from './ha-time.ts';
import type { HaContext, HaState, ServiceSpec } from './home.ts';
import { type EntityState, SERVICE_EFFECTS, type ServiceEffect } from './service-effects.ts';
import { checkServiceData } from './service-schema.ts';
import { resolveTargets } from './service-targets.ts';

/** One service call as it arrived, from either API. */
export interface ServiceCallRequest {
  domain: string;
  service: string;
  /** The service data with its targets: the REST body (`{}` when empty), or `service_data` merged with `target`. */
  data: unknown;
  /** REST: `return_response` is in the query (any value); WebSocket: `return_response: true`. */
  isResponseRequested: boolean;
  via: 'rest' | 'ws';
  user: FakeUser;
}

/** What came of a call; each API turns it into its own wire form. */
export type ServiceCallResult =
  | { kind: 'not-found' }
  | { kind: 'response-not-supported' }
  | { kind: 'response-required' }
  /** The data does not fit the service's schema (`vol.Invalid`). */
  | { kind: 'invalid'; message: string }
  /** A target raised (`serviceErrors`): `ServiceValidationError` or `HomeAssistantError`. */
  | { kind: 'raised'; error: 'validation' | 'ha_error'; message: string }
  /** `dropAfterServiceCall`: the connection is to be broken without an answer. */
  | { kind: 'dropped' }
  /** Success: the states this call changed, and the response (undefined unless one was asked for). */
  | { kind: 'done'; context: HaContext; changed: HaState[]; response: unknown };

type Checked =
  | { ok: true; spec: ServiceSpec; data: Record<string, unknown> }
  | { ok: false; result: ServiceCallResult };

/**
 * Runs one call as `ServiceRegistry.async_call` would, blocking for `serviceDelayMs`. It is recorded first, with the
 * context HA creates for it; then the service must exist, `return_response` must suit it, and the data must fit its
 * schema. The effect is applied when the call starts, so it happens even if the caller is gone by the time it ends.
 */
export async function runServiceCall(context: FakeHaContext, request: ServiceCallRequest): Promise<ServiceCallResult> {
  const at = isoTime(context.options.now());
  const callContext: HaContext = { id: context.nextContextId(), parent_id: null, user_id: request.user.userId ?? null };
  const { domain, service, data, via } = request;
  context.log.serviceCalls.push({ domain, service, data, via, at, contextId: callContext.id });
  const checked = check(context, request);
  if (!checked.ok) return checked.result;
  const targets = resolveTargets(context.home, checked.spec, checked.data, context.options.deleteAreaBetweenCalls);
  if (targets.warning !== undefined) context.log.warnings.push(targets.warning);
  const raised = raisedBy(context, request, targets.entityIds);
  const drop = context.options.dropAfterServiceCall;
  const effect = SERVICE_EFFECTS[`${domain}.${service}`] ?? {};
  const changed =
    raised === undefined && drop !== 'before-effect'
      ? applyEffect(context, { effect, entityIds: targets.entityIds, data: checked.data, request, at, callContext })
      : [];
  const { serviceDelayMs } = context.options;
  if (serviceDelayMs > 0) await new Promise((resolve) => setTimeout(resolve, serviceDelayMs));
  if (drop !== undefined) return { kind: 'dropped' };
  if (raised !== undefined) return raised;
  const response = request.isResponseRequested
    ? responseOf(context, effect, targets.entityIds, checked.data)
    : undefined;
  return { kind: 'done', context: callContext, changed, response };
}

/** The checks before the service runs, in HA's order. */
function check(context: FakeHaContext, request: ServiceCallRequest): Checked {
  const spec = context.home.fixture.services.find(
    (candidate) => candidate.domain === request.domain && candidate.service === request.service,
  );
  if (spec === undefined) return { ok: false, result: { kind: 'not-found' } };
  if (request.isResponseRequested && spec.supportsResponse === 'none')
    return { ok: false, result: { kind: 'response-not-supported' } };
  if (!request.isResponseRequested && spec.supportsResponse === 'only')
    return { ok: false, result: { kind: 'response-required' } };
  const message = checkServiceData(spec, request.data);
  if (message !== undefined) return { ok: false, result: { kind: 'invalid', message } };
  return { ok: true, spec, data: request.data as Record<string, unknown> };
}

/** The scripted failure of the first target listed in `serviceErrors`, if any. */
function raisedBy(
  context: FakeHaContext,
  request: ServiceCallRequest,
  entityIds: string[],
): ServiceCallResult | undefined {
  const { serviceErrors } = context.options;
  const entityId = entityIds.find((id) => serviceErrors[id] !== undefined);
  if (entityId === undefined) return undefined;
  const action = `${request.domain}.${request.service}`;
  return serviceErrors[entityId] === 'validation'
    ? { kind: 'raised', error: 'validation', message: `Entity ${entityId} does not support action ${action}` }
    : { kind: 'raised', error: 'ha_error', message: `Failed to perform the action ${action}: ${entityId} is offline` };
}

/** What one call applies. */
interface Application {
  effect: ServiceEffect;
  entityIds: string[];
  data: Record<string, unknown>;
  request: ServiceCallRequest;
  at: string;
  callContext: HaContext;
}

/** Writes each target's next state; the states that really changed, as the REST answer lists them. */
function applyEffect(context: FakeHaContext, application: Application): HaState[] {
  const { effect, request, callContext } = application;
  if (effect.apply === undefined) return [];
  const origin: Record<string, string> = {
    event_type: 'call_service',
    domain: request.domain,
    service: request.service,
    ...(callContext.user_id === null ? {} : { user_id: callContext.user_id }),
  };
  const changed: HaState[] = [];
  for (const entityId of application.entityIds) {
    const current = entityState(context, entityId);
    if (current === undefined) continue;
    const next = effect.apply(current, application.data);
    const written = context.home.setState(entityId, { ...next, at: application.at, context: callContext, origin });
    if (written !== undefined) changed.push(written);
  }
  return changed;
}

/** An entity service's response is keyed by entity id; a service that returns nothing here answers null. */
function responseOf(
  context: FakeHaContext,
  effect: ServiceEffect,
  entityIds: string[],
  data: Record<string, unknown>,
): unknown {
  const { respond } = effect;
  if (respond === undefined) return null;
  return Object.fromEntries(
    entityIds.flatMap((entityId) => {
      const current = entityState(context, entityId);
      return current === undefined ? [] : [[entityId, respond(current, data)]];
    }),
  );
}

function entityState(context: FakeHaContext, entityId: string): EntityState | undefined {
  const state = context.home.state(entityId);
  return state === undefined ? undefined : { state: state.state, attributes: state.attributes };
}
