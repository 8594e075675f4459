// What one running fake shares between its REST and WebSocket sides: options with defaults, the home, the record, auth.

import { type AssistScript, type ResolvedAssistScript, resolveAssistScript } from './assist-script.ts';
import { fakeUlid } from './fake-ids.ts';
import { featuresFor, type HaFeatures } from './features.ts';
import { FIXTURE_NOW, MODERN_HOME } from './fixtures/index.ts';
import { createFakeHome, type FakeHome, type HaState, type HomeFixture } from './home.ts';
import { createLog, type FakeHaLog, type RecordedTemplate } from './log.ts';
import { renderTemplate, type TemplateOutcome } from './templates.ts';

/** A scripted template failure: a template it matches fails with `message` (`<ExcClass>: <msg>`). */
export interface TemplateErrorRule {
  matches: (template: string) => boolean;
  message: string;
}

/** How to start a fake Home Assistant; everything but the tokens has a default. */
export interface FakeHomeAssistantOptions {
  /**
   * The accepted tokens; any other gets a bare 401 (REST) or `auth_invalid` (WebSocket). `userId` goes into the
   * context of the user's service calls (default null).
   */
  tokens: Record<string, { admin: boolean; userId?: string }>;
  /** Echoed in `/api/config` and the WebSocket handshake; the features follow from it (default `2025.10.1`). */
  haVersion?: string;
  /** Overrides single features derived from `haVersion`. */
  features?: Partial<HaFeatures>;
  /** Serve https and wss with this certificate and key (PEM). */
  tls?: { cert: string; key: string };
  /** Answer every request with a 302 to this location. */
  redirectTo?: string;
  /** Home Assistant is stopping: every REST view answers 503 with no body. */
  stopping?: boolean;
  /** Templates that fail with a scripted error (REST 400, WebSocket `template_error`). */
  templateErrors?: TemplateErrorRule[];
  /** An area `areas()` still lists while `area_name`/`area_entities`/`area_devices` answer as if it was deleted. */
  deleteAreaBetweenCalls?: string;
  /** The fake's clock (history and logbook default windows); default: the fixture's fixed now. */
  now?: () => Date;
  /** The home to serve instead of the default fixture home. */
  home?: HomeFixture;
  /** The entity ids a non-admin token may read (`/api/states`, `get_states`); default: all. */
  nonAdminStates?: string[];
  /** The `/api/config` body, as is (default: the home's config with `version` = `haVersion`). */
  config?: Record<string, unknown>;
  /** How long the WebSocket waits for the auth message before closing (default 10 000 ms, as HA). */
  authTimeoutMs?: number;
  /**
   * The connection breaks after a service call arrived and passed its checks: the effect is applied first
   * (`after-effect`, HA's `shield()`) or not at all (`before-effect`), then REST destroys the request's socket and the
   * WebSocket terminates, without an answer (ha-apis.md §6.5).
   */
  dropAfterServiceCall?: 'before-effect' | 'after-effect';
  /**
   * Entities whose service calls raise: `validation` as a `ServiceValidationError` (e.g. `ServiceNotSupported`),
   * `ha_error` as a `HomeAssistantError` (a device offline). A call naming one changes nothing and answers a bare 500,
   * or with `features.restServiceErrorsAsJson` 400 / 500 `{"message"}`; WebSocket `service_validation_error` /
   * `home_assistant_error`.
   */
  serviceErrors?: Record<string, 'validation' | 'ha_error'>;
  /** How long a service call blocks before it answers (ms, default 0); its effect is applied when it starts. */
  serviceDelayMs?: number;
  /** The Assist pipeline: its pipelines and what each stage of a run does (ha-apis.md §6.6); default: all succeed. */
  assist?: AssistScript;
}

/** The options with every default applied. */
export interface ResolvedOptions
  extends Omit<FakeHomeAssistantOptions, 'features' | 'home' | 'now' | 'config' | 'assist'> {
  haVersion: string;
  features: HaFeatures;
  stopping: boolean;
  templateErrors: TemplateErrorRule[];
  now: () => Date;
  config: Record<string, unknown>;
  authTimeoutMs: number;
  serviceErrors: Record<string, 'validation' | 'ha_error'>;
  serviceDelayMs: number;
  assist: ResolvedAssistScript;
}

/** The user a token belongs to. */
export interface FakeUser {
  admin: boolean;
  userId?: string;
}

/** The shared state of one running fake. */
export interface FakeHaContext {
  readonly options: ResolvedOptions;
  readonly home: FakeHome;
  readonly log: FakeHaLog;
  /** A new context id for a service call, unique within this fake and the same on every run. */
  nextContextId(): string;
  /** The conversation ids of pipeline runs so far: a known ULID is kept, an unknown one replaced (ha-apis.md §4.2). */
  readonly conversations: Set<string>;
  /** A new ULID-shaped conversation id, unique within this fake and the same on every run. */
  nextConversationId(): string;
}

/** Resolves the options and builds the home and the record. */
export function createContext(options: FakeHomeAssistantOptions): FakeHaContext {
  const haVersion = options.haVersion ?? '2025.10.1';
  const features = { ...featuresFor(haVersion), ...options.features };
  const fixture = options.home ?? MODERN_HOME;
  const resolved: ResolvedOptions = {
    ...options,
    haVersion,
    features,
    stopping: options.stopping ?? false,
    templateErrors: options.templateErrors ?? [],
    now: options.now ?? (() => new Date(FIXTURE_NOW)),
    config: options.config ?? { ...fixture.config, version: haVersion },
    authTimeoutMs: options.authTimeoutMs ?? 10_000,
    serviceErrors: options.serviceErrors ?? {},
    serviceDelayMs: options.serviceDelayMs ?? 0,
    assist: resolveAssistScript(options.assist),
  };
  let serviceCalls = 0;
  let conversations = 0;
  return {
    options: resolved,
    home: createFakeHome(fixture, features),
    log: createLog(),
    nextContextId: () => fakeUlid(`service-call-${++serviceCalls}`),
    conversations: new Set(),
    nextConversationId: () => fakeUlid(`conversation-${++conversations}`),
  };
}

/** The user of an access token, or undefined when the fake does not accept it. */
export function userOfToken(context: FakeHaContext, token: string | undefined): FakeUser | undefined {
  return token === undefined ? undefined : context.options.tokens[token];
}

/** The states a user may read: all for an admin, the `nonAdminStates` subset otherwise. */
export function readableStates(context: FakeHaContext, user: FakeUser): HaState[] {
  const states = context.home.states();
  const allowed = context.options.nonAdminStates;
  return user.admin || allowed === undefined ? states : states.filter((state) => allowed.includes(state.entity_id));
}

/** Whether a user may read one entity. */
export function canRead(context: FakeHaContext, user: FakeUser, entityId: string): boolean {
  const allowed = context.options.nonAdminStates;
  return user.admin || allowed === undefined || allowed.includes(entityId);
}

/** Records and renders a template, applying the scripted failures first. */
export function renderFor(
  context: FakeHaContext,
  template: string,
  via: RecordedTemplate['via'],
  variables?: Record<string, unknown>,
): TemplateOutcome {
  context.log.templates.push({ via, template });
  const scripted = context.options.templateErrors.find((rule) => rule.matches(template));
  if (scripted !== undefined) return { ok: false, error: scripted.message };
  return renderTemplate(template, {
    registries: context.home.registries.current(),
    features: context.options.features,
    deletedArea: context.options.deleteAreaBetweenCalls,
    variables,
  });
}
