// The fake's REST API: the route table for `/api/*` and HA's handling around it (auth, admin, stopping, 404, 405).

import { canRead, type FakeHaContext, type FakeUser, readableStates, renderFor, userOfToken } from './context.ts';
import { historyPeriod } from './history.ts';
import { logbook } from './logbook.ts';
import {
  bareError,
  emptyResponse,
  jsonResponse,
  messageResponse,
  type RestResponse,
  textResponse,
  unhandledError,
} from './rest-response.ts';
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
  /** The decoded path parameter (`:entity_id`, `:start`), if the route has one. */
  param?: string;
}

interface Route {
  method: 'GET' | 'POST';
  pattern: RegExp;
  /** `@require_admin`: a valid non-admin token gets a bare 401. */
  adminOnly?: boolean;
  handle: (call: RouteCall) => RestResponse;
}

// `POST /api/services/<domain>/<service>` is not here yet: until it is added it answers 404 like any unknown path.
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

/** Answers one `/api/*` request as Home Assistant's HTTP server would. */
export function answerRest(context: FakeHaContext, request: RestRequest): RestResponse {
  const matching = ROUTES.filter((route) => route.pattern.test(request.path));
  if (matching.length === 0) return bareError(404);
  const route = matching.find((candidate) => candidate.method === request.method);
  if (route === undefined) return bareError(405, { allow: matching.map((candidate) => candidate.method).join(',') });
  // The view wrapper checks "is running" before authentication, so a stopping HA answers 503 to anyone.
  if (context.options.stopping) return emptyResponse(503);
  const user = userOfToken(context, bearerToken(request.headers.authorization));
  if (user === undefined || (route.adminOnly === true && !user.admin)) return bareError(401);
  const raw = route.pattern.exec(request.path)?.[1];
  let param: string | undefined;
  try {
    param = raw === undefined ? undefined : decodeURIComponent(raw);
  } catch {
    return bareError(400);
  }
  return route.handle({ context, request, user, param });
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
