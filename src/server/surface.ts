// Which surface of hearth a path belongs to, as metrics label it.

/** The surfaces by path prefix, first match wins; everything else is the page (`/`, `/assets`, `/ui`). */
const SURFACES: readonly [RegExp, string][] = [
  [/^\/v1(\/|$)/, 'openai'],
  [/^\/api(\/|$)/, 'ollama'],
  [/^\/mcp(\/|$)/, 'mcp'],
  [/^\/admin(\/|$)/, 'admin'],
  [/^\/(healthz|readyz)$/, 'health'],
  [/^\/metrics$/, 'metrics'],
];

/** The surface of `path`. */
export function surfaceOf(path: string): string {
  return SURFACES.find(([pattern]) => pattern.test(path))?.[1] ?? 'page';
}
