// MCP over Streamable HTTP, stateless: every method but POST is a 405 that allows POST, with no stream or session.

import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { handleMcpRequest } from '../../src/mcp/index.ts';
import type { ToolGuard } from '../../src/tools/index.ts';

/** The guard is never reached by a refused method: any use of it fails the test. */
const UNUSED_GUARD = new Proxy({} as ToolGuard, {
  get: (_, name) => assert.fail(`the guard's ${String(name)} was used`),
});

describe('handleMcpRequest', () => {
  for (const method of ['GET', 'DELETE', 'PUT', 'PATCH'])
    it(`answers ${method} with 405, Allow: POST and the JSON-RPC error, at once`, async () => {
      const request = new Request('http://hearth.test/mcp', {
        method,
        headers: { accept: 'text/event-stream', 'mcp-session-id': 'anything' },
      });
      const response = await handleMcpRequest(request, UNUSED_GUARD, { name: 'hearth', version: 'test' });
      assert.equal(response.status, 405);
      assert.equal(response.headers.get('allow'), 'POST');
      assert.equal(response.headers.get('content-type'), 'application/json');
      assert.deepEqual(await response.json(), {
        jsonrpc: '2.0',
        error: { code: -32000, message: 'Method not allowed.' },
        id: null,
      });
    });
});
