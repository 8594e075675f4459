// Dev tool: prints or writes an HA chat-completions request body (or just its YAML) for a generated or fixed home.
// Usage: npx tsx scripts/gen-home.ts --entities 500 --areas 30 --seed 7 [--out FILE] [--era 2026|2025|2024]
//   [--client compat|local_openai] [--stress] [--home demo|fixture] [--text "Turn on the kitchen light"]
//   [--prefix none|assist.|assist__|platform|assist__platform] [--satellite AREA [--timers]]
//   [--flavor pyyaml|libyaml] [--yaml-only [--with-state]]
import { writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { DEMO_HOME } from '../src/demo-home/index.ts';
import {
  buildHaRequest,
  dumpHaYaml,
  overviewItems,
  type HaClient,
  type HaEra,
  type Home,
  type ToolPrefixStyle,
  type YamlFlavor,
} from '../src/homeassistant/request/index.ts';
import { FIXTURE_HOME, generateHome } from '../test/fixtures/homes/index.ts';

const { values } = parseArgs({
  options: {
    entities: { type: 'string', default: '500' },
    areas: { type: 'string', default: '30' },
    seed: { type: 'string', default: '1' },
    out: { type: 'string' },
    era: { type: 'string', default: '2026' },
    client: { type: 'string', default: 'compat' },
    stress: { type: 'boolean', default: false },
    home: { type: 'string' },
    text: { type: 'string', default: 'Turn off the living room light' },
    prefix: { type: 'string', default: 'none' },
    satellite: { type: 'string' },
    timers: { type: 'boolean', default: false },
    flavor: { type: 'string', default: 'pyyaml' },
    'yaml-only': { type: 'boolean', default: false },
    'with-state': { type: 'boolean', default: false },
  },
});

/** The home the arguments ask for. */
function chooseHome(): Home {
  if (values.home === 'demo') return DEMO_HOME;
  if (values.home === 'fixture') return FIXTURE_HOME;
  return generateHome({
    entities: Number(values.entities),
    areas: Number(values.areas),
    seed: Number(values.seed),
    stress: values.stress,
  });
}

/** JSON with two-space indent, as Python's `json.dumps(indent=2, ensure_ascii=False)` writes the fixtures (`1.0`, not `1`). */
function toFixtureJson(body: unknown): string {
  return `${JSON.stringify(body, null, 2).replace(/^ {2}"(temperature|top_p)": 1(,?)$/gm, '  "$1": 1.0$2')}\n`;
}

const home = chooseHome();
const flavor = values.flavor as YamlFlavor;
const output = values['yaml-only']
  ? dumpHaYaml(overviewItems(home, { includeState: values['with-state'] }), { flavor })
  : toFixtureJson(
      buildHaRequest(home, {
        userText: values.text,
        era: values.era as HaEra,
        client: values.client as HaClient,
        toolPrefix: values.prefix as ToolPrefixStyle,
        satelliteHasTimers: values.timers,
        yamlFlavor: flavor,
        ...(values.satellite !== undefined && { satelliteArea: values.satellite }),
      }),
    );
if (values.out === undefined) process.stdout.write(output);
else writeFileSync(values.out, output);
