// bench:parse — time to validate and understand a Home Assistant request of 500 and 2,000 entities.
// Measures what the server does with a body: JSON.parse, schema validation into a Turn, and reading the
// catalogue, tools and history. `cold` parses the catalogue every time; `cached` is every later round of
// a conversation, when the same home is re-sent and the parsed catalogue is reused. Also the body's JSON
// parse alone, and the round after a GetLiveContext call.
// Usage: npm run bench:parse [-- --json]

import { decodeChatRequest, parseJsonBody } from '../src/openai/index.ts';
import {
  createCatalogCache,
  createLruCache,
  understandRequest,
  type SystemFacts,
  type ToolResult,
  type UnderstandCaches,
} from '../src/assist/index.ts';
import { buildHaRequest, buildToolFollowUp, renderLiveContext } from '../src/homeassistant/request/index.ts';
import { generateHome } from '../test/fixtures/homes/index.ts';
import { createLargeValueCache } from '../src/openai/index.ts';
import { measure, report, wantsJson } from './support/measure.ts';

const HOMES = [
  { name: '500', entities: 500, areas: 30, seed: 7, runs: 2000 },
  { name: '2000', entities: 2000, areas: 100, seed: 11, runs: 500 },
];

const json = wantsJson();
for (const home of HOMES) {
  const body = JSON.stringify(
    buildHaRequest(generateHome(home), { userText: 'Turn off the living room light', era: '2026' }),
  );
  const understand = (caches?: UnderstandCaches) => understandRequest(decodeChatRequest(parseJsonBody(body)), caches);
  const entities = understand().catalog?.entities.length;
  if (entities !== home.entities) throw new Error(`expected ${home.entities} entities, read ${entities}`);

  const cold = measure(() => understand(), { runs: home.runs, warmup: 50 });
  report({ bench: 'parse', case: home.name, mode: 'cold', body_kb: Math.round(body.length / 1024), ...cold }, json);
  const caches = { prompts: createLruCache<SystemFacts>(4), catalogs: createCatalogCache(4) };
  const cached = measure(() => understand(caches), { runs: home.runs * 4, warmup: 50 });
  report(
    { bench: 'parse', case: `${home.name}-cached`, mode: 'cached', body_kb: Math.round(body.length / 1024), ...cached },
    json,
  );
  bodyParse(home.name, body);
  liveContextRound(home);
}

/**
 * `parseJsonBody` alone: plain, and with the server's large-value cache (the system prompt and the tool
 * list, re-sent unchanged every round, decoded once). Each run parses a fresh copy of the body text, as
 * a request read from the socket is.
 */
function bodyParse(name: string, body: string): void {
  const fresh = () => `${body.slice(0, -1)}}`;
  const plain = measure(() => parseJsonBody(fresh()), { runs: 2000, warmup: 200 });
  report(
    { bench: 'parse', case: `${name}-body-json`, mode: 'plain', body_kb: Math.round(body.length / 1024), ...plain },
    json,
  );
  const largeValues = createLargeValueCache();
  const cached = measure(() => parseJsonBody(fresh(), { largeValues }), { runs: 2000, warmup: 200 });
  report(
    {
      bench: 'parse',
      case: `${name}-body-json`,
      mode: 'large-values-cached',
      body_kb: Math.round(body.length / 1024),
      ...cached,
    },
    json,
  );
}

/**
 * The round after a GetLiveContext call: the body also carries the whole home's live state. `cached` is
 * what the server does from the second such round on: the prompt, the tool list and the result's text
 * decoded once (the body parser's large-value cache), the catalogue and the parsed result reused.
 */
function liveContextRound(options: (typeof HOMES)[number]): void {
  const home = generateHome(options);
  const first = buildHaRequest(home, { userText: 'Which lights are on?', era: '2026' });
  const body = JSON.stringify(
    buildToolFollowUp(first, [
      { id: 'call_1', name: 'GetLiveContext', arguments: '{}', result: renderLiveContext(home) as never },
    ]),
  );
  const cold = measure(() => understandRequest(decodeChatRequest(parseJsonBody(body))), {
    runs: options.runs / 2,
    warmup: 20,
  });
  report(
    {
      bench: 'parse',
      case: `${options.name}-live-context-round`,
      mode: 'cold',
      body_kb: Math.round(body.length / 1024),
      ...cold,
    },
    json,
  );
  const largeValues = createLargeValueCache();
  const caches = {
    prompts: createLruCache<SystemFacts>(4),
    catalogs: createCatalogCache(4),
    toolResults: createLruCache<ToolResult>(4),
  };
  const cached = measure(() => understandRequest(decodeChatRequest(parseJsonBody(body, { largeValues })), caches), {
    runs: options.runs * 2,
    warmup: 50,
  });
  report(
    {
      bench: 'parse',
      case: `${options.name}-live-context-round-cached`,
      mode: 'cached',
      body_kb: Math.round(body.length / 1024),
      ...cached,
    },
    json,
  );
}
