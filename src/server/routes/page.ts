// GET / and /assets/*: the built page, with headers that let it run only its own code.

import type { Context } from 'hono';
import { HearthError } from '../../common/index.ts';
import { echo } from '../../tools/index.ts';
import type { AppEnv, PageFile } from '../context.ts';

/**
 * Only the page's own files run, load and connect; it cannot be framed, and nothing is sent to other sites. Styles set
 * from scripts (CSSOM) are allowed by CSP; `style="…"` attributes in markup are not.
 */
const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "img-src 'self' data:",
  "style-src 'self'",
  "script-src 'self'",
  "connect-src 'self'",
  "frame-ancestors 'none'",
  "base-uri 'none'",
  "form-action 'self'",
].join('; ');

const SECURITY_HEADERS = {
  'content-security-policy': CONTENT_SECURITY_POLICY,
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'referrer-policy': 'no-referrer',
};

/** The page's handlers over its files (undefined when the page was not built). */
export function page(files: ReadonlyMap<string, PageFile> | undefined) {
  function send(c: Context<AppEnv>, path: string, cache: string): Response {
    if (files === undefined) throw new HearthError('PAGE_NOT_BUILT', 'The page was not built: run "npm run build".');
    const file = files.get(path);
    if (file === undefined) throw new HearthError('NOT_FOUND', `There is no ${echo(path)}.`);
    return c.body(file.body as Uint8Array<ArrayBuffer>, 200, {
      ...SECURITY_HEADERS,
      'content-type': file.contentType,
      'cache-control': cache,
    });
  }
  return {
    // The index names the current assets, so it is checked every time; the assets' names change with their content.
    index: (c: Context<AppEnv>) => send(c, '/index.html', 'no-cache'),
    asset: (c: Context<AppEnv>) => send(c, c.req.path, 'public, max-age=31536000, immutable'),
  };
}
