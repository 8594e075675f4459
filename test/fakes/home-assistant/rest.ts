// The fake's REST API: the route table for `/api/*` and HA's handling around it (auth, admin, stopping, 404, 405).

import { canRead, type FakeHaContext, type FakeUser, readableStates, renderFor, userOfToken } from './context.ts';
import { historyPeriod } from './history.ts';
import { logbook } from './logbook.ts';
import {
  bareError,
  droppedConnection,
  emptyResponse,
  jsonResponse,
  messageResponse,
  type RestResponse,
  textResponse,
  unhandledError,
} from './rest-response.ts';
import { runServiceCall, type ServiceCallResult } from './service-calls.ts';
import { servicesByDomain } from './services.ts';

/** A request as the routes see it. */
export interface RestRequest {
  method: string;
  /** The path without the query, percent-decoded per segment by the router. */
  path: string;
  query: URLSearchParams;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

interface RouteCall {
  context: FakeHaContext;
  request: RestRequest;
  user: FakeUser;
  /** The decoded first path parameter (`:entity_id`, `:start`), if the route has one. */
  param?: string;
  /** Every decoded path parameter, in order (`:domain`, `:service`). */
  params: (string | undefined)[];
}

interface Route {
  method: 'GET' | 'POST';
  pattern: RegExp;
  /** `@require_admin`: a valid non-admin token gets a bare 401. */
  adminOnly?: boolean;
  handle: (call: RouteCall) => RestResponse | Promise<RestResponse>;
}

const ROUTES: Route[] = [
  { method: 'GET', pattern: /^\/api\/$/, handle: () => messageResponse('API running.', 200) },
  { method: 'GET', pattern: /^\/api\/config$/, handle: ({ context }) => jsonResponse(context.options.config) },
  {
    method: 'GET',
    pattern: /^\/api\/states$/,
    handle: ({ context, user }) => jsonResponse(readableStates(context, user)),
  },
  { method: 'GET', pattern: /^\/api\/states\/([^/]+)$/, handle: getState },
  {
    method: 'GET',
    pattern: /^\/api\/services$/,
    handle: ({ context }) => jsonResponse(servicesByDomain(context.home)),
  },
  { method: 'POST', pattern: /^\/api\/services\/([^/]+)\/([^/]+)$/, handle: postService },
  { method: 'POST', pattern: /^\/api\/template$/, adminOnly: true, handle: postTemplate },
  {
    method: 'GET',
    pattern: /^\/api\/history\/period(?:\/([^/]+))?$/,
    handle: ({ context, request, param }) => historyPeriod(context, param, request.query),
  },
  {
    method: 'GET',
    pattern: /^\/api\/logbook(?:\/([^/]+))?$/,
    handle: ({ context, request, param }) => logbook(context, param, request.query),
  },
];

/** The bytes the fake's TTS proxy serves for any spoken answer (an MP3 header, enough for a client to save). */
export const FAKE_TTS_AUDIO = 'ID3\u0004\u0000\u0000fake speech';

/** Answers one `/api/*` request as Home Assistant's HTTP server would (a service call may take its time). */
export async function answerRest(context: FakeHaContext, request: RestRequest): Promise<RestResponse> {
  // The TTS proxy's URLs are signed with their own token, so HA serves them without the Authorization header.
  if (request.method === 'GET' && /^\/api\/tts_proxy\/[^/]+$/.test(request.path))
    return { status: 200, headers: { 'content-type': 'audio/mpeg' }, body: FAKE_TTS_AUDIO };
  const matching = ROUTES.filter((route) => route.pattern.test(request.path));
  if (matching.length === 0) return bareError(404);
  const route = matching.find((candidate) => candidate.method === request.method);
  if (route === undefined) return bareError(405, { allow: matching.map((candidate) => candidate.method).join(',') });
  // The view wrapper checks "is running" before authentication, so a stopping HA answers 503 to anyone.
  if (context.options.stopping) return emptyResponse(503);
  const user = userOfToken(context, bearerToken(request.headers.authorization));
  if (user === undefined || (route.adminOnly === true && !user.admin)) return bareError(401);
  const raw = route.pattern.exec(request.path)?.slice(1) ?? [];
  let params: (string | undefined)[];
  try {
    params = raw.map((part) => (part === undefined ? undefined : decodeURIComponent(part)));
  } catch {
    return bareError(400);
  }
  return route.handle({ context, request, user, param: params[0], params });
}

function bearerToken(header: string | string[] | undefined): string | undefined {
  if (typeof header !== 'string') return undefined;
  const [scheme, token] = header.split(' ', 2);
  return scheme === 'Bearer' ? token : undefined;
}

function getState({ context, user, param }: RouteCall): RestResponse {
  const entityId = param ?? '';
  if (!canRead(context, user, entityId)) return bareError(401);
  const state = context.home.state(entityId);
  return state === undefined ? messageResponse('Entity not found.', 404) : jsonResponse(state);
}

/** `APITemplateView.post`: a JSON object with `template` (and optional `variables`), rendered to text. */
function postTemplate({ context, request }: RouteCall): RestResponse {
  let data: unknown;
  try {
    data = request.body === '' ? null : JSON.parse(request.body);
  } catch (error) {
    // orjson's JSONDecodeError is a ValueError, which the view turns into its usual 400.
    return messageResponse(`Error rendering template: ${(error as Error).message}`, 400);
  }
  if (typeof data !== 'object' || data === null || Array.isArray(data))
    return messageResponse('Template data should be a JSON object', 400);
  const { template, variables } = data as { template?: unknown; variables?: unknown };
  // `data["template"]` missing (KeyError) or not a string (TypeError) escapes the view: a bare 500.
  if (typeof template !== 'string') return unhandledError();
  const vars = typeof variables === 'object' && variables !== null ? (variables as Record<string, unknown>) : undefined;
  const outcome = renderFor(context, template, 'rest', vars);
  return outcome.ok ? textResponse(outcome.text) : messageResponse(`Error rendering template: ${outcome.error}`, 400);
}

/** `APIDomainServicesView.post` (ha-apis.md §2.8): the body is the service data, targets inside it. */
async function postService({ context, request, user, params }: RouteCall): Promise<RestResponse> {
  const [domain = '', service = ''] = params;
  let data: unknown;
  try {
    // An empty body (or JSON null) is the service called without data.
    data = (request.body === '' ? null : JSON.parse(request.body)) ?? {};
  } catch {
    return messageResponse('Data should be valid JSON.', 400);
  }
  // HA tests `"return_response" in request.query`, so `?return_response=false` asks for it too.
  const isResponseRequested = request.query.has('return_response');
  const result = await runServiceCall(context, { domain, service, data, isResponseRequested, via: 'rest', user });
  return serviceAnswer(context, result, isResponseRequested);
}

function serviceAnswer(context: FakeHaContext, result: ServiceCallResult, isResponseRequested: boolean): RestResponse {
  switch (result.kind) {
    case 'not-found': // `ServiceNotFound` and `vol.Invalid` both become aiohttp's `HTTPBadRequest`.
    case 'invalid':
      return bareError(400);
    case 'response-not-supported':
      return messageResponse('Service does not support responses. Remove return_response from request.', 400);
    case 'response-required':
      return messageResponse(
        'Service call requires responses but caller did not ask for responses. Add ?return_response to query parameters.',
        400,
      );
    case 'raised':
      // Before core PR #181590 the error escapes the view; after it, the view answers `json_message`.
      if (!context.options.features.restServiceErrorsAsJson) return unhandledError();
      return messageResponse(result.message, result.error === 'validation' ? 400 : 500);
    case 'dropped':
      return droppedConnection();
    case 'done':
      return jsonResponse(
        isResponseRequested ? { changed_states: result.changed, service_response: result.response } : result.changed,
      );
  }
}
