// Dev tool: every Home Assistant test sentence of one language through HA-Assist (the app, with Home Assistant's
// grammar for that language, as `intents.path` loads it), each test file's home sent as Home Assistant 2026 sends it.
// Prints how many match exactly with the expected intent and how many are answered with no model, per intent.
// Usage: npx tsx scripts/corpus-through-app.ts de

import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { buildHaRequest, type Entity, type Home } from '../src/homeassistant/request/index.ts';
import { ask } from '../test/assist/ask-app.ts';
import { dataPath } from '../test/fixtures/data.ts';
import { officialGrammar } from '../test/fixtures/grammar.ts';
import { parseTestFile, type TestFile } from '../test/hassil/compat/test-file.ts';
import { createHarness } from '../test/server/app-harness.ts';

const language = process.argv[2] ?? 'de';
const dir = dataPath('ha-intents', 'tests', language);
const harness = createHarness({ grammar: officialGrammar(language) });
const totals = { sentences: 0, exact: 0, direct: 0 };

for (const intent of readdirSync(dir)
  .filter((name) => name.startsWith('Hass'))
  .sort()) {
  const row = { sentences: 0, exact: 0, direct: 0 };
  for (const name of readdirSync(join(dir, intent)).sort()) {
    const file = parseTestFile(readFileSync(join(dir, intent, name), 'utf8'), name);
    const home = homeOf(file);
    const satelliteArea = (file.areas ?? []).find((area) => area.context_area)?.name;
    for (const sentence of file.tests.flatMap((group) => group.sentences)) {
      row.sentences++;
      const body = buildHaRequest(home, {
        userText: sentence,
        era: '2026',
        ...(satelliteArea ? { satelliteArea } : {}),
      });
      const answer = await ask(harness, body).catch(() => undefined);
      const match = answer?.metrics.ha_intent as { match?: string; intent?: string } | undefined;
      if (match?.match === 'exact' && match.intent === intent) row.exact++;
      if ((answer?.metrics.ha_route as { inference_calls?: number } | undefined)?.inference_calls === 0) row.direct++;
    }
  }
  console.log(`${intent.padEnd(30)} exact ${row.exact}/${row.sentences}  no model ${row.direct}`);
  totals.sentences += row.sentences;
  totals.exact += row.exact;
  totals.direct += row.direct;
}
console.log(
  `${language}: ${totals.exact} of ${totals.sentences} exact with the expected intent; ${totals.direct} with no model`,
);

/** The test file's home: its areas and entities, with plain attribute values only. */
function homeOf(file: TestFile): Home {
  const isPlain = (value: unknown) => value === null || ['string', 'number', 'boolean'].includes(typeof value);
  const entities = (file.entities ?? []).map((entity, index): Entity => {
    const attributes = Object.fromEntries(
      Object.entries(entity.attributes ?? {}).filter(([key, value]) => key !== 'device_class' && isPlain(value)),
    ) as Entity['attributes'];
    const raw = entity.state as unknown;
    const state = isRecordWithOut(raw) ? String(raw.out) : raw === undefined ? 'on' : String(raw);
    const deviceClass = entity.attributes?.device_class;
    return {
      entityId: `${entity.domain}.e${index}`,
      name: entity.name,
      aliases: [],
      domain: entity.domain,
      ...(entity.area ? { area: entity.area } : {}),
      ...(typeof deviceClass === 'string' ? { deviceClass } : {}),
      state,
      attributes,
    };
  });
  const areas = (file.areas ?? []).map((area) => ({
    name: area.name,
    aliases: [],
    ...(area.floor ? { floor: area.floor } : {}),
  }));
  return { areas, entities };
}

function isRecordWithOut(value: unknown): value is { out: unknown } {
  return typeof value === 'object' && value !== null && 'out' in value;
}
