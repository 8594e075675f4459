// Tests of the HTTP token counter against the fake llama.cpp and vLLM servers' /tokenize.

import assert from 'node:assert/strict';
import { after, before, beforeEach, describe, it } from 'node:test';
import {
  createHttpTokenCounter,
  type HttpTokenCounterOptions,
  type TokenCounter,
} from '../../../src/backends/index.ts';
import { serverRoot } from '../../../src/backends/tokens/http-token-counter.ts';
import { assertHearthError, messagesOf, rejectionOf } from '../../contract/backend-contract-kit.ts';
import { fakeTokenize, startFakeLlamaServer, type FakeLlamaServer } from '../../fakes/llama-server/index.ts';

const GUARD = { timeout: 10_000 };
const KEY = 'sk-tokenize-secret-3';
const TEXT = 'Hello, turn on the kitchen light <|im_start|> now!';

function counterFor(server: FakeLlamaServer, overrides: Partial<HttpTokenCounterOptions> = {}): TokenCounter {
  return createHttpTokenCounter({
    name: 'local-qwen',
    baseUrl: server.baseUrl,
    dialect: server.dialect,
    upstreamModel: 'Qwen/Qwen3-4B',
    apiKey: KEY,
    readTimeoutMs: 5_000,
    fetch: globalThis.fetch,
    ...overrides,
  });
}

describe('serverRoot', () => {
  const ROWS: [string, string][] = [
    ['http://127.0.0.1:8081/v1', 'http://127.0.0.1:8081'],
    ['http://127.0.0.1:8081/v1/', 'http://127.0.0.1:8081'],
    ['http://127.0.0.1:8081', 'http://127.0.0.1:8081'],
    ['http://proxy.lan/llm/v1', 'http://proxy.lan/llm'],
    ['http://proxy.lan/v1beta', 'http://proxy.lan/v1beta'],
  ];
  for (const [baseUrl, root] of ROWS) {
    it(`${baseUrl} → ${root}`, () => assert.equal(serverRoot(baseUrl), root));
  }
});

describe('HTTP token counter, llama.cpp dialect', () => {
  let server: FakeLlamaServer;
  let counter: TokenCounter;
  before(async () => {
    server = await startFakeLlamaServer({ dialect: 'llama.cpp' });
    counter = counterFor(server);
  });
  beforeEach(() => server.reset());
  after(() => server.close());

  it(
    'posts {content, add_special: false, parse_special: true} to the root /tokenize and counts the tokens',
    GUARD,
    async () => {
      assert.equal(counter.source, 'llama.cpp /tokenize');
      assert.equal(await counter.count(TEXT), fakeTokenize(TEXT).length);
      const [request] = server.requests;
      assert.deepEqual(
        [request?.path, request?.body],
        ['/tokenize', { content: TEXT, add_special: false, parse_special: true }],
      );
      assert.equal(request?.headers.authorization, `Bearer ${KEY}`);
    },
  );

  it('works with a base URL that is already the server root', GUARD, async () => {
    assert.equal(await counterFor(server, { baseUrl: server.rootUrl }).count('a b c'), 3);
    assert.equal(server.requests[0]?.path, '/tokenize');
  });

  it('counts an empty text as 0 without asking', GUARD, async () => {
    assert.equal(await counter.count(''), 0);
    assert.equal(server.requests.length, 0);
  });

  it('counts tokens given with their pieces', GUARD, async () => {
    server.scriptTokenize({ kind: 'raw-body', body: '{"tokens":[{"id":9707,"piece":"Hello"},{"id":11,"piece":","}]}' });
    assert.equal(await counter.count('Hello,'), 2);
  });

  for (const [name, body] of [
    ['not JSON', 'oops'],
    ['without tokens', '{"count":3}'],
    ['with tokens that are not ids', '{"tokens":["a","b"]}'],
  ] as const) {
    it(`answers a body ${name} with BACKEND_BAD_RESPONSE naming the model`, GUARD, async () => {
      server.scriptTokenize({ kind: 'raw-body', body });
      const error = assertHearthError(
        await rejectionOf(counter.count('x')),
        'upstream_failure',
        'BACKEND_BAD_RESPONSE',
      );
      assert.ok(error.message.includes('local-qwen'), error.message);
    });
  }

  it('an HTTP 500 is BACKEND_ERROR without the key it echoed', GUARD, async () => {
    server.scriptTokenize({
      kind: 'http-error',
      status: 500,
      body: { error: { code: 500, message: `tokenizer crashed for ${KEY}` } },
    });
    const error = assertHearthError(await rejectionOf(counter.count('x')), 'upstream_failure', 'BACKEND_ERROR');
    assert.ok(error.message.includes('tokenizer crashed'), error.message);
    for (const message of messagesOf(error)) assert.ok(!message.includes(KEY), message);
  });

  it('a server that never answers is BACKEND_TIMEOUT', GUARD, async () => {
    server.scriptTokenize({ kind: 'hang' });
    assertHearthError(
      await rejectionOf(counterFor(server, { readTimeoutMs: 250 }).count('x')),
      'upstream_timeout',
      'BACKEND_TIMEOUT',
    );
  });
});

describe('HTTP token counter, vLLM dialect', () => {
  let server: FakeLlamaServer;
  before(async () => {
    server = await startFakeLlamaServer({ dialect: 'vllm', models: ['Qwen/Qwen3-4B'] });
  });
  beforeEach(() => server.reset());
  after(() => server.close());

  it(
    'posts {model, prompt, add_special_tokens: false} to the root /tokenize and returns its count',
    GUARD,
    async () => {
      const counter = counterFor(server);
      assert.equal(counter.source, 'vllm /tokenize');
      assert.equal(await counter.count(TEXT), fakeTokenize(TEXT).length, 'no BOS counted');
      assert.deepEqual(server.requests[0]?.body, { model: 'Qwen/Qwen3-4B', prompt: TEXT, add_special_tokens: false });
    },
  );

  it('an unknown model is an upstream failure quoting vLLM', GUARD, async () => {
    const error = assertHearthError(
      await rejectionOf(counterFor(server, { upstreamModel: 'other' }).count('x')),
      'upstream_failure',
      'BACKEND_ERROR',
    );
    assert.ok(error.message.includes('does not exist'), error.message);
  });

  for (const [name, body] of [
    ['without a count', '{"tokens":[1,2]}'],
    ['whose count disagrees with its tokens', '{"count":3,"tokens":[1,2]}'],
  ] as const) {
    it(`answers a body ${name} with BACKEND_BAD_RESPONSE`, GUARD, async () => {
      server.scriptTokenize({ kind: 'raw-body', body });
      assertHearthError(await rejectionOf(counterFor(server).count('x')), 'upstream_failure', 'BACKEND_BAD_RESPONSE');
    });
  }
});
