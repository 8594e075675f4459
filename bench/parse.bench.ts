// bench:parse — time to validate and understand a Home Assistant request of 500 and 2,000 entities.
// Measures what the server does with a body: JSON.parse, schema validation into a Turn, and reading the
// catalogue, tools and history. `cold` parses the catalogue every time; `cached` is every later round of
// a conversation, when the same home is re-sent and the parsed catalogue is reused.
// Usage: npm run bench:parse [-- --json]

import { decodeChatRequest, parseJsonBody } from '../src/openai/index.ts';
import { createCatalogCache, createLruCache, understandRequest, type SystemFacts, type UnderstandCaches } from '../src/assist/index.ts';
import { buildHaRequest, generateHome } from '../src/demo-home/index.ts';
import { measure, report, wantsJson } from './support/measure.ts';

const HOMES = [
  { name: '500', entities: 500, areas: 30, seed: 7, runs: 2000 },
  { name: '2000', entities: 2000, areas: 100, seed: 11, runs: 500 },
];

const json = wantsJson();
for (const home of HOMES) {
  const body = JSON.stringify(buildHaRequest(generateHome(home), { userText: 'Turn off the living room light', era: '2026' }));
  const understand = (caches?: UnderstandCaches) => understandRequest(decodeChatRequest(parseJsonBody(body)), caches);
  const entities = understand().catalog?.entities.length;
  if (entities !== home.entities) throw new Error(`expected ${home.entities} entities, read ${entities}`);

  const cold = measure(() => understand(), { runs: home.runs, warmup: 50 });
  report({ bench: 'parse', case: home.name, mode: 'cold', body_kb: Math.round(body.length / 1024), ...cold }, json);
  const caches = { prompts: createLruCache<SystemFacts>(4), catalogs: createCatalogCache(4) };
  const cached = measure(() => understand(caches), { runs: home.runs * 4, warmup: 50 });
  report({ bench: 'parse', case: `${home.name}-cached`, mode: 'cached', body_kb: Math.round(body.length / 1024), ...cached }, json);
}
