// Issue 10, row 6: malformed HTTP gets an OpenAI-style JSON error body, not Node's bare 400 with no body.

import assert from 'node:assert/strict';
import { connect } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { listen, type Listening } from '../../src/cli/listen.ts';
import { createHarness } from '../server/app-harness.ts';

/** Writes `raw` on a fresh connection and reads until the server closes it. */
function exchange(port: number, raw: string | Buffer): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    socket.on('data', (chunk) => chunks.push(chunk));
    socket.on('end', () => resolve(Buffer.concat(chunks).toString('latin1')));
    socket.on('error', reject);
    socket.setTimeout(5000, () => socket.destroy(new Error('the server neither answered nor closed')));
    socket.write(raw);
  });
}

function parse(response: string): { statusLine: string; headers: Map<string, string>; body: string } {
  const split = response.indexOf('\r\n\r\n');
  const [statusLine = '', ...lines] = response.slice(0, split).split('\r\n');
  const headers = new Map(
    lines.map((line) => [line.slice(0, line.indexOf(':')).toLowerCase(), line.slice(line.indexOf(':') + 1).trim()]),
  );
  return { statusLine, headers, body: response.slice(split + 4) };
}

const ROWS: { name: string; raw: string | Buffer; status: string; code: string; message: RegExp }[] = [
  {
    name: 'a header with a control byte in its name',
    raw: Buffer.from('GET /healthz HTTP/1.1\r\nHost: hearth\r\nBad\x01Header: y\r\n\r\n', 'latin1'),
    status: 'HTTP/1.1 400 Bad Request',
    code: 'malformed_http',
    message: /not valid HTTP/,
  },
  {
    name: 'Content-Length together with Transfer-Encoding',
    raw: 'POST /v1/chat/completions HTTP/1.1\r\nHost: hearth\r\nContent-Length: 5\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n',
    status: 'HTTP/1.1 400 Bad Request',
    code: 'malformed_http',
    message: /not valid HTTP/,
  },
  {
    name: 'a request line that is not HTTP',
    raw: 'HELLO THERE\r\n\r\n',
    status: 'HTTP/1.1 400 Bad Request',
    code: 'malformed_http',
    message: /not valid HTTP/,
  },
  {
    name: 'headers past the size limit',
    raw: `GET /healthz HTTP/1.1\r\nHost: hearth\r\nX-Big: ${'a'.repeat(40_000)}\r\n\r\n`,
    status: 'HTTP/1.1 431 Request Header Fields Too Large',
    code: 'headers_too_large',
    message: /headers are too large/,
  },
];

describe('malformed HTTP on the real listening server', () => {
  let server: Listening;
  before(async () => {
    server = await listen(createHarness().app, '127.0.0.1', 0);
  });
  after(async () => {
    await server.close();
  });

  for (const row of ROWS) {
    it(`${row.name}: ${row.status.slice(9)} with a JSON error body, then the connection closes`, async () => {
      const { statusLine, headers, body } = parse(await exchange(server.port, row.raw));
      assert.equal(statusLine, row.status);
      assert.equal(headers.get('content-type'), 'application/json');
      assert.equal(headers.get('connection'), 'close');
      assert.equal(Number(headers.get('content-length')), Buffer.byteLength(body));
      const json = JSON.parse(body) as { error: { message: string; type: string; param: null; code: string } };
      assert.equal(json.error.type, 'invalid_request_error');
      assert.equal(json.error.param, null);
      assert.match(json.error.message, row.message);
      assert.equal(json.error.code, row.code);
    });
  }

  it('still answers a well-formed request afterwards', async () => {
    const response = await fetch(`${server.url}/healthz`);
    assert.equal(response.status, 200);
    assert.deepEqual(await response.json(), { status: 'ok' });
  });
});
