// Which of the tab's two keys a request to hearth carries, by its method and path.

/** Which key: an API key (`server.api_keys`) or the admin key (`server.admin_key`). */
export type KeyKind = 'api' | 'admin';

/**
 * The key a request carries: the admin key to /admin (reading the limits takes an API key too), an API key to /ui
 * (the admin key opens it too, so it is sent when no API key is set); null when the key it needs is not entered.
 */
export function keyForRequest(method: string, path: string, keys: Record<KeyKind, string | null>): string | null {
  if (!path.startsWith('/admin/')) return keys.api ?? keys.admin;
  if (method === 'GET' && /^\/admin\/policy(\?|$)/.test(path)) return keys.admin ?? keys.api;
  return keys.admin;
}
