// hearth's version, read from its package.json.

import { createRequire } from 'node:module';

/** hearth's version, e.g. `0.1.0`. */
export function readVersion(): string {
  const require = createRequire(import.meta.url);
  return (require('../../package.json') as { version: string }).version;
}
