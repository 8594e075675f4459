// The typed client of hearth's /ui and /admin endpoints: adds the key each needs and turns error bodies into ApiError.
import { readKey } from './access-key.ts';
import { keyForRequest } from './key-for-request.ts';
import type { ErrorResponse, ProposalsQuery, ProposalsResponse } from './types.ts';

/** A request that failed: the server's status and its message verbatim (status 0 when hearth did not answer). */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  /** HTTP status, or 0 when the request never got an answer. */
  readonly status: number;
  /** The request field the server blamed, when it named one. */
  readonly param: string | null;

  constructor(status: number, message: string, param: string | null = null) {
    super(message);
    this.status = status;
    this.param = param;
  }
}

/** True when the error means the key is missing, wrong, or not the one this surface needs. */
export function isKeyProblem(error: ApiError): boolean {
  return error.status === 401 || error.status === 403;
}

/** Sends one JSON request and returns the parsed answer (undefined for 204); throws ApiError on failure. */
export async function request<T>(method: string, path: string, body?: unknown): Promise<T> {
  const response = await send(path, {
    method,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (response.status === 204) return undefined as T;
  return (await response.json()) as T;
}

/** Sends a body that is already text (policy.json is saved as written); throws ApiError on failure. */
export async function requestText<T>(method: string, path: string, text: string): Promise<T> {
  const response = await send(path, { method, body: text });
  return (await response.json()) as T;
}

/** One page of proposals (`GET /admin/proposals`); throws ApiError on failure. */
export function listProposals(query: ProposalsQuery): Promise<ProposalsResponse> {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) if (value !== undefined) params.set(name, String(value));
  const search = params.toString();
  return request<ProposalsResponse>('GET', `/admin/proposals${search === '' ? '' : `?${search}`}`);
}

/** Starts a streaming request and returns the response once its status is good; throws ApiError otherwise. */
export function openStream(path: string, body: unknown, signal: AbortSignal): Promise<Response> {
  return send(path, { method: 'POST', body: JSON.stringify(body), signal });
}

async function send(path: string, init: RequestInit): Promise<Response> {
  const headers = new Headers({ Accept: 'application/json' });
  if (init.body !== undefined) headers.set('Content-Type', 'application/json');
  const key = keyForRequest(init.method ?? 'GET', path, { api: readKey('api'), admin: readKey('admin') });
  if (key) headers.set('Authorization', `Bearer ${key}`);
  let response: Response;
  try {
    // Relative to the page, not to the host: inside Home Assistant the page is served under its ingress path.
    response = await fetch(path.replace(/^\//u, ''), { ...init, headers });
  } catch (error) {
    // An aborted request is the caller's own doing; let it through unchanged.
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(0, `hearth did not answer: ${error instanceof Error ? error.message : String(error)}`);
  }
  if (!response.ok) throw await readError(response);
  return response;
}

async function readError(response: Response): Promise<ApiError> {
  const fallback = `${response.status} ${response.statusText}`.trim();
  try {
    // A proxy in between may answer with another body: each field is checked before it is used.
    const body = (await response.json()) as Partial<{ error: Partial<Record<keyof ErrorResponse['error'], unknown>> }>;
    const message = typeof body.error?.message === 'string' ? body.error.message : fallback;
    const param = typeof body.error?.param === 'string' ? body.error.param : null;
    return new ApiError(response.status, message, param);
  } catch {
    return new ApiError(response.status, fallback);
  }
}

/** Turns anything a request threw into an ApiError, so views show one kind of error. */
export function toApiError(error: unknown): ApiError {
  if (error instanceof ApiError) return error;
  return new ApiError(0, error instanceof Error ? error.message : String(error));
}
