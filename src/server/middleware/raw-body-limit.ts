// The body limit for routes that read the raw body themselves (MCP's transport, policy.json's text).

import { bodyLimit } from 'hono/body-limit';
import { HearthError } from '../../common/index.ts';

/** Refuses a body over `limitBytes` with the same 413 as the JSON routes. */
export function rawBodyLimit(limitBytes: number) {
  return bodyLimit({
    maxSize: limitBytes,
    onError: () => {
      throw new HearthError('PAYLOAD_TOO_LARGE', `The request body is larger than ${limitBytes} bytes.`);
    },
  });
}
