#!/usr/bin/env node
// Dev-only: compares src/homeassistant/request/yaml/yaml-dump.ts with PyYAML (SafeDumper, HA's options) on many generated cases.
// Usage: node --import tsx scripts/check-yaml-dump.mjs [--cases N] [--seed S] [--show N]
// Needs python3 with PyYAML and libyaml: flavor 'pyyaml' is compared with SafeDumper, 'libyaml' with CSafeDumper.
import { spawnSync } from 'node:child_process';
import { parseArgs } from 'node:util';
import { dumpHaYaml, dumpYaml, overviewItems, PyFloat, pyFloat } from '../src/homeassistant/request/index.ts';
import { createRandom, generateHome } from '../test/fixtures/homes/index.ts';

const { values } = parseArgs({
  options: {
    cases: { type: 'string', default: '4000' },
    seed: { type: 'string', default: '1' },
    show: { type: 'string', default: '8' },
    'show-libyaml': { type: 'string', default: '0' },
  },
});
const random = createRandom(Number(values.seed));

const WORDS = [
  'Living Room',
  'Light',
  'Lamp',
  'Küche',
  'Büro',
  'Salle de bain',
  'Ceiling',
  'On',
  'Off',
  'on',
  'off',
  'Yes',
  'no',
  'NO',
  'true',
  'False',
  'null',
  'Null',
  '~',
  '=',
  '<<',
  '22.4',
  '255',
  '0x1F',
  '0o17',
  '017',
  '0b101',
  '1_000',
  '12:30',
  '1:20:30.5',
  '2026-03-14',
  '2026-3-4 12:30:00',
  '.5',
  '1e3',
  '1.0e+3',
  '.inf',
  '-.Inf',
  '.NaN',
  '+12',
  '-7',
  '#1',
  'a#b',
  'a #b',
  'x:y',
  'x: y',
  '- x',
  '-x',
  '? q',
  '?q',
  ':x',
  '%',
  '@home',
  '`tick`',
  '!tag',
  '&anchor',
  '*alias',
  '|',
  '>',
  "it's",
  '"quoted"',
  '[1]',
  '{a}',
  'a,b',
  'a, b',
  '---',
  '...',
  '--- x',
  '°C',
  'µg/m³',
  '日本語',
  '😀 emoji',
  'naïve café',
  'Ω',
  'TV',
  'LED',
  'Strip',
  'Above The Sofa',
  'The',
  'Fan',
  'Blinds',
  'Garage Door',
  'Thermostat',
  'e',
  'E',
  'y',
  'Y',
  'n',
  'N',
  'o',
];
const CHARS = [
  ' ',
  ' ',
  ' ',
  '#',
  ':',
  '-',
  '?',
  "'",
  '"',
  '\\',
  '\t',
  '\n',
  '\r',
  '\x85',
  '\u2028',
  '\u2029',
  '\xa0',
  '\ufeff',
  '\x00',
  '\x07',
  '\x1b',
  '\x7f',
  'é',
  '°',
  '😀',
  '!',
  '&',
  '*',
  '|',
  '>',
  '%',
  '@',
  '`',
  ',',
  '[',
  ']',
  '{',
  '}',
  '~',
  '=',
  '<',
  '0',
  '1',
  '9',
  '.',
  '_',
  'e',
  'x',
  'a',
  'b',
  'y',
  'n',
  'o',
  'N',
  'T',
  'Z',
  '\ue000',
  '\ufffd',
  '\ufffe',
  '\u{10ffff}',
  '\u{1f600}',
];

const pickCount = (max) => random.between(0, max);
const joinWords = (count, separator) => Array.from({ length: count }, () => random.pick(WORDS)).join(separator);

function randomChars(maxLength) {
  return Array.from({ length: pickCount(maxLength) }, () =>
    random.chance(0.5) ? random.pick(CHARS) : random.pick(WORDS),
  ).join('');
}

function randomString() {
  const roll = random.next();
  if (roll < 0.3) return random.pick(WORDS);
  if (roll < 0.55) return joinWords(random.between(1, 6), ' ');
  if (roll < 0.75) return joinWords(random.between(3, 30), random.pick([', ', ' ', ',', '  ', ' - ']));
  if (roll < 0.95) return randomChars(random.pick([3, 10, 40, 140]));
  return ' '.repeat(random.between(1, 3)) + joinWords(random.between(10, 25), ' ');
}

function randomNumber() {
  const roll = random.next();
  if (roll < 0.2) return random.between(-1000, 100000);
  // biome-ignore lint/correctness/noPrecisionLoss: a literal JS rounds, to compare with Python's repr of the same double
  if (roll < 0.3) return random.pick([0, -0.0 + 0, 2 ** 53, 10 ** 21, -(10 ** 17), 12345678901234567890]);
  if (roll < 0.5) return pyFloat(random.between(-40, 40));
  if (roll < 0.8) return Math.round(random.next() * 10 ** random.between(0, 6)) / 10 ** random.between(0, 4);
  const exponent = random.between(-320, 308);
  return pyFloat(
    random.pick([NaN, Infinity, -Infinity, -0, 1e16, 1e-5, 0.0001, (random.next() - 0.5) * 10 ** exponent]),
  );
}

function randomScalar() {
  const roll = random.next();
  if (roll < 0.7) return randomString();
  if (roll < 0.9) return randomNumber();
  if (roll < 0.95) return random.chance(0.5);
  return null;
}

function randomValue(depth) {
  const roll = random.next();
  if (depth < 3 && roll < 0.12) return Array.from({ length: pickCount(3) }, () => randomValue(depth + 1));
  if (depth < 3 && roll < 0.25) return randomMapping(depth + 1, pickCount(4));
  return randomScalar();
}

function randomMapping(depth, size) {
  const map = new Map();
  for (let index = 0; index < size; index += 1) {
    const key = random.chance(0.8)
      ? random.pick(['names', 'domain', 'state', 'areas', 'attributes', 'brightness', 'x'])
      : randomString();
    map.set(key, randomValue(depth));
  }
  return map;
}

function haEntity() {
  const aliases = Array.from({ length: random.pick([0, 0, 1, 2, 5, 12]) }, () => joinWords(random.between(1, 3), ' '));
  const item = new Map([
    ['names', [joinWords(random.between(1, 4), ' '), ...aliases].join(', ')],
    ['domain', random.pick(['light', 'sensor', 'cover'])],
  ]);
  if (random.chance(0.5))
    item.set('state', random.pick(['on', 'off', '22.4', 'unavailable', 'heat', '3', '', randomString()]));
  if (random.chance(0.8))
    item.set(
      'areas',
      [random.pick(WORDS), ...Array.from({ length: pickCount(3) }, () => random.pick(WORDS))].join(', '),
    );
  if (random.chance(0.5)) item.set('attributes', randomMapping(2, random.between(1, 4)));
  return item;
}

function randomCase() {
  const roll = random.next();
  if (roll < 0.5) return Array.from({ length: random.between(1, 6) }, haEntity);
  if (roll < 0.8) return randomMapping(0, random.between(0, 6));
  if (roll < 0.9) return Array.from({ length: pickCount(5) }, () => randomValue(1));
  return randomScalar();
}

/** Encodes a case as JSON that keeps Python's int/float distinction and mapping order. */
function encode(value) {
  if (value instanceof PyFloat) return { $f: Object.is(value.value, -0) ? '-0.0' : String(value.value) };
  if (typeof value === 'number')
    return Number.isInteger(value) ? { $i: BigInt(value).toString() } : { $f: String(value) };
  if (Array.isArray(value)) return value.map(encode);
  if (value instanceof Map) return { $m: [...value.entries()].map(([key, item]) => [key, encode(item)]) };
  if (typeof value === 'object' && value !== null)
    return { $m: Object.entries(value).map(([key, item]) => [key, encode(item)]) };
  return value;
}

const PYTHON = `
import json, sys, yaml
def decode(v):
    if isinstance(v, list): return [decode(x) for x in v]
    if isinstance(v, dict):
        if '$i' in v: return int(v['$i'])
        if '$f' in v: return float(v['$f'])
        return {k: decode(x) for k, x in v['$m']}
    return v
opts = dict(default_flow_style=False, allow_unicode=True, sort_keys=False)
out = []
for case in json.load(sys.stdin):
    data = decode(case)
    out.append([yaml.dump(data, Dumper=yaml.SafeDumper, **opts), yaml.dump(data, Dumper=yaml.CSafeDumper, **opts)])
json.dump(out, sys.stdout)
`;

/** The overview lists of generated homes (static and live, plain and stressed, up to 2000 entities). */
function homeCases() {
  const sizes = [
    [11, 3],
    [60, 8],
    [500, 30],
    [2000, 100],
  ];
  return sizes.flatMap(([entities, areas], index) =>
    [false, true].flatMap((stress) => {
      const home = generateHome({ entities, areas, seed: Number(values.seed) + index, stress });
      return [overviewItems(home, { includeState: false }), overviewItems(home, { includeState: true })];
    }),
  );
}

const cases = [...homeCases(), ...Array.from({ length: Number(values.cases) }, randomCase)];
const python = spawnSync('python3', ['-c', PYTHON], {
  input: JSON.stringify(cases.map(encode)),
  maxBuffer: 1 << 30,
  encoding: 'utf8',
});
if (python.status !== 0) {
  console.error(python.stderr);
  process.exit(2);
}
const expected = JSON.parse(python.stdout);
let matched = 0;
const libyamlDiffs = [];
const failures = [];
let libyamlMatched = 0;
cases.forEach((data, index) => {
  const [safe, csafe] = expected[index];
  const ours = dumpYaml(data);
  const isMatch = ours === safe && dumpHaYaml(data) === safe.replaceAll(': null\n', ':\n');
  if (isMatch) matched += 1;
  else failures.push({ index, safe, ours });
  const oursLibyaml = dumpYaml(data, { flavor: 'libyaml' });
  if (oursLibyaml === csafe) libyamlMatched += 1;
  else libyamlDiffs.push({ index, csafe, oursLibyaml });
});
for (const failure of failures.slice(0, Number(values.show))) {
  console.log(
    `case ${failure.index}:\n  PyYAML: ${JSON.stringify(failure.safe)}\n  ours:   ${JSON.stringify(failure.ours)}`,
  );
}
for (const diff of libyamlDiffs.slice(0, Number(values['show-libyaml']))) {
  console.log(
    `case ${diff.index}:\n  CSafeDumper: ${JSON.stringify(diff.csafe)}\n  ours:        ${JSON.stringify(diff.oursLibyaml)}`,
  );
}
console.log(`${matched}/${cases.length} cases match PyYAML SafeDumper byte for byte (seed ${values.seed})`);
console.log(`${libyamlMatched}/${cases.length} cases match libyaml's CSafeDumper with flavor 'libyaml'`);
process.exit(failures.length === 0 && libyamlDiffs.length === 0 ? 0 : 1);
