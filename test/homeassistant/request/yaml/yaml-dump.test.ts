// Tests of the PyYAML-compatible emitter: a golden table obtained once from PyYAML 6.0.3, and round trips.

import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { CORE_SCHEMA, FAILSAFE_SCHEMA, load } from 'js-yaml';
import { dumpHaYaml, dumpYaml, type YamlValue } from '../../../../src/homeassistant/request/yaml/yaml-dump.ts';
import { pyFloat } from '../../../../src/homeassistant/request/python/py-float.ts';

// Input `names` value → `yaml.dump([{'names': value, 'domain': 'light'}], default_flow_style=False,
// allow_unicode=True, sort_keys=False, Dumper=yaml.SafeDumper)` as PyYAML 6.0.3 printed it.
const PYYAML_GOLDEN: readonly [string, string][] = [
  ['off', "- names: 'off'\n  domain: light\n"],
  ['on', "- names: 'on'\n  domain: light\n"],
  ['On', "- names: 'On'\n  domain: light\n"],
  ['Yes', "- names: 'Yes'\n  domain: light\n"],
  ['yes', "- names: 'yes'\n  domain: light\n"],
  ['no', "- names: 'no'\n  domain: light\n"],
  ['NO', "- names: 'NO'\n  domain: light\n"],
  ['true', "- names: 'true'\n  domain: light\n"],
  ['False', "- names: 'False'\n  domain: light\n"],
  ['null', "- names: 'null'\n  domain: light\n"],
  ['Null', "- names: 'Null'\n  domain: light\n"],
  ['~', "- names: '~'\n  domain: light\n"],
  ['', "- names: ''\n  domain: light\n"],
  ['22.4', "- names: '22.4'\n  domain: light\n"],
  ['255', "- names: '255'\n  domain: light\n"],
  ['-7', "- names: '-7'\n  domain: light\n"],
  ['+12', "- names: '+12'\n  domain: light\n"],
  ['0x1F', "- names: '0x1F'\n  domain: light\n"],
  ['0o17', '- names: 0o17\n  domain: light\n'],
  ['017', "- names: '017'\n  domain: light\n"],
  ['0b101', "- names: '0b101'\n  domain: light\n"],
  ['1_000', "- names: '1_000'\n  domain: light\n"],
  ['12:30', "- names: '12:30'\n  domain: light\n"],
  ['1:20:30.5', "- names: '1:20:30.5'\n  domain: light\n"],
  ['2026-03-14', "- names: '2026-03-14'\n  domain: light\n"],
  ['2026-3-4 12:30:00', "- names: '2026-3-4 12:30:00'\n  domain: light\n"],
  ['.5', "- names: '.5'\n  domain: light\n"],
  ['1e3', '- names: 1e3\n  domain: light\n'],
  ['1.0e+3', "- names: '1.0e+3'\n  domain: light\n"],
  ['.inf', "- names: '.inf'\n  domain: light\n"],
  ['-.Inf', "- names: '-.Inf'\n  domain: light\n"],
  ['.NaN', "- names: '.NaN'\n  domain: light\n"],
  ['=', "- names: '='\n  domain: light\n"],
  ['<<', "- names: '<<'\n  domain: light\n"],
  ['#1 light', "- names: '#1 light'\n  domain: light\n"],
  ['a#b', '- names: a#b\n  domain: light\n'],
  ['a #b', "- names: 'a #b'\n  domain: light\n"],
  ['x: y', "- names: 'x: y'\n  domain: light\n"],
  ['x:y', '- names: x:y\n  domain: light\n'],
  ['key:', "- names: 'key:'\n  domain: light\n"],
  ['- x', "- names: '- x'\n  domain: light\n"],
  ['-x', '- names: -x\n  domain: light\n'],
  ['? q', "- names: '? q'\n  domain: light\n"],
  ['?q', '- names: ?q\n  domain: light\n'],
  [':x', '- names: :x\n  domain: light\n'],
  ['%', "- names: '%'\n  domain: light\n"],
  ['@home', "- names: '@home'\n  domain: light\n"],
  ['`tick`', "- names: '`tick`'\n  domain: light\n"],
  ['!tag', "- names: '!tag'\n  domain: light\n"],
  ['&a', "- names: '&a'\n  domain: light\n"],
  ['*a', "- names: '*a'\n  domain: light\n"],
  ['|', "- names: '|'\n  domain: light\n"],
  ['>', "- names: '>'\n  domain: light\n"],
  ["it's", "- names: it's\n  domain: light\n"],
  ["'quoted'", "- names: '''quoted'''\n  domain: light\n"],
  ['"quoted"', '- names: \'"quoted"\'\n  domain: light\n'],
  ['[1]', "- names: '[1]'\n  domain: light\n"],
  ['{a}', "- names: '{a}'\n  domain: light\n"],
  ['a,b', '- names: a,b\n  domain: light\n'],
  ['---', "- names: '---'\n  domain: light\n"],
  ['--- x', "- names: '--- x'\n  domain: light\n"],
  ['...', "- names: '...'\n  domain: light\n"],
  [' leading', "- names: ' leading'\n  domain: light\n"],
  ['trailing ', "- names: 'trailing '\n  domain: light\n"],
  ['°C', '- names: °C\n  domain: light\n'],
  ['Küche', '- names: Küche\n  domain: light\n'],
  ['日本語', '- names: 日本語\n  domain: light\n'],
  ['😀 Party', '- names: 😀 Party\n  domain: light\n'],
  ['a\tb', '- names: "a\\tb"\n  domain: light\n'],
  ['a\nb', "- names: 'a\n\n    b'\n  domain: light\n"],
  ['line\n', "- names: 'line\n\n    '\n  domain: light\n"],
  ['\u0085nel', "- names: '\u0085    nel'\n  domain: light\n"],
  ['bom\ufeff', '- names: "bom\\uFEFF"\n  domain: light\n'],
  ['nbsp\u00a0x', '- names: nbsp\u00a0x\n  domain: light\n'],
  ['ctrl\u0007', '- names: "ctrl\\a"\n  domain: light\n'],
  ['back\\slash', '- names: back\\slash\n  domain: light\n'],
  ['On Air Light', '- names: On Air Light\n  domain: light\n'],
  [
    'Living Room Ceiling Light, Big Light, Main Light, Overhead Light, The Light Above The Sofa, Lamp Thing',
    '- names: Living Room Ceiling Light, Big Light, Main Light, Overhead Light, The Light\n    Above The Sofa, Lamp Thing\n  domain: light\n',
  ],
  [
    "22.4 it's, Big Light, Main Light, Overhead Light, The Light Above The Sofa, Lamp Thing, Top Light",
    "- names: 22.4 it's, Big Light, Main Light, Overhead Light, The Light Above The Sofa,\n    Lamp Thing, Top Light\n  domain: light\n",
  ],
  [
    '#1, Big Light, Main Light, Overhead Light, The Light Above The Sofa, Lamp Thing, Top Light, Centre Light, Chandelier, Room Light, Upper Light',
    "- names: '#1, Big Light, Main Light, Overhead Light, The Light Above The Sofa, Lamp\n    Thing, Top Light, Centre Light, Chandelier, Room Light, Upper Light'\n  domain: light\n",
  ],
  [
    'Tab\there, Big Light, Main Light, Overhead Light, The Light Above The Sofa, Lamp Thing, Top Light',
    '- names: "Tab\\there, Big Light, Main Light, Overhead Light, The Light Above The Sofa,\\\n    \\ Lamp Thing, Top Light"\n  domain: light\n',
  ],
  [
    'Küche Deckenlampe, Große Lampe, Hauptlicht, Überkopflicht, Das Licht über dem Sofa, Lampending',
    '- names: Küche Deckenlampe, Große Lampe, Hauptlicht, Überkopflicht, Das Licht über\n    dem Sofa, Lampending\n  domain: light\n',
  ],
  [
    'Wordwithoutanyspacesthatisverylongandkeepsgoingforeverandevermorepastthewidthlimitofeighty chars',
    '- names: Wordwithoutanyspacesthatisverylongandkeepsgoingforeverandevermorepastthewidthlimitofeighty\n    chars\n  domain: light\n',
  ],
  [
    'two  spaces  between  words  in  a  long  name  that  goes  past  eighty  columns  of  text  ok',
    '- names: two  spaces  between  words  in  a  long  name  that  goes  past  eighty  columns  of  text  ok\n  domain: light\n',
  ],
];

// The same for libyaml's CSafeDumper (HA's dumper when libyaml is installed): emoji and NEL are not printable there.
const LIBYAML_GOLDEN: readonly [string, string][] = [
  ['😀 Party', '- names: "\\U0001F600 Party"\n  domain: light\n'],
  [
    'Tab\there, Big Light, Main Light, Overhead Light, The Light Above The Sofa, Lamp Thing, Top Light',
    '- names: "Tab\\there, Big Light, Main Light, Overhead Light, The Light Above The Sofa,\n    Lamp Thing, Top Light"\n  domain: light\n',
  ],
  ['\u0085nel', '- names: "\\Nnel"\n  domain: light\n'],
  [
    '🎄 Tree Lights, Christmas Tree, Big Tree, The Tree In The Corner Of The Living Room, Festive Light',
    '- names: "\\U0001F384 Tree Lights, Christmas Tree, Big Tree, The Tree In The Corner\n    Of The Living Room, Festive Light"\n  domain: light\n',
  ],
];

// Scalar values other than strings → PyYAML's output for `{'x': value}`.
const SCALAR_GOLDEN: readonly [YamlValue, string][] = [
  [pyFloat(21), 'x: 21.0\n'],
  [20.5, 'x: 20.5\n'],
  [21, 'x: 21\n'],
  [pyFloat(1e16), 'x: 1.0e+16\n'],
  [pyFloat(1e-5), 'x: 1.0e-05\n'],
  [0.0001, 'x: 0.0001\n'],
  [0.1, 'x: 0.1\n'],
  [123456789.123, 'x: 123456789.123\n'],
  [pyFloat(-0), 'x: -0.0\n'],
  [pyFloat(NaN), 'x: .nan\n'],
  [pyFloat(Infinity), 'x: .inf\n'],
  [pyFloat(-Infinity), 'x: -.inf\n'],
  [true, 'x: true\n'],
  [false, 'x: false\n'],
  [null, 'x: null\n'],
  [1e21, 'x: 1000000000000000000000\n'],
  [pyFloat(1234567890123456), 'x: 1234567890123456.0\n'],
  [2.5e-300, 'x: 2.5e-300\n'],
];

describe('dumpYaml', () => {
  it('matches PyYAML SafeDumper on the golden table', () => {
    for (const [input, expected] of PYYAML_GOLDEN) {
      assert.equal(dumpYaml([{ names: input, domain: 'light' }]), expected, JSON.stringify(input));
    }
  });

  it('matches libyaml CSafeDumper with the libyaml flavor', () => {
    for (const [input, expected] of LIBYAML_GOLDEN) {
      assert.equal(
        dumpYaml([{ names: input, domain: 'light' }], { flavor: 'libyaml' }),
        expected,
        JSON.stringify(input),
      );
    }
  });

  it('writes numbers, booleans and null as Python prints them', () => {
    for (const [input, expected] of SCALAR_GOLDEN) assert.equal(dumpYaml({ x: input }), expected, String(input));
  });

  it('writes nested mappings, sequences and empty collections like PyYAML', () => {
    assert.equal(dumpYaml([]), '[]\n');
    assert.equal(dumpYaml([{ a: {}, b: [], c: ['x', 'y'] }]), '- a: {}\n  b: []\n  c:\n  - x\n  - y\n');
    assert.equal(dumpYaml({ k: [{ a: 1, b: [1, 2] }, [3, [4]]] }), 'k:\n- a: 1\n  b:\n  - 1\n  - 2\n- - 3\n  - - 4\n');
    assert.equal(dumpYaml('plain root'), 'plain root\n...\n');
    assert.equal(
      dumpYaml(
        new Map([
          ['', 1],
          ['a\nb', 2],
        ]),
      ),
      "? ''\n: 1\n? 'a\n\n  b'\n: 2\n",
    );
  });

  it('keeps mapping order, including integer-like keys given as a Map', () => {
    assert.equal(
      dumpYaml(
        new Map([
          ['b', 1],
          ['2', 2],
          ['a', 3],
        ]),
      ),
      "b: 1\n'2': 2\na: 3\n",
    );
  });
});

describe('dumpHaYaml', () => {
  it('replaces ": null" line ends as HA does and leaves the rest alone', () => {
    const item = {
      names: 'Living Room Light',
      domain: 'light',
      state: 'on',
      areas: 'Living Room, Lounge',
      attributes: { brightness: '255', temperature: pyFloat(21), unit_of_measurement: '°C', media_album_name: null },
    };
    const expected =
      "- names: Living Room Light\n  domain: light\n  state: 'on'\n  areas: Living Room, Lounge\n  attributes:\n" +
      "    brightness: '255'\n    temperature: 21.0\n    unit_of_measurement: °C\n    media_album_name:\n";
    assert.equal(dumpHaYaml([item]), expected);
  });
});

// Plain in YAML 1.1 (PyYAML does not quote them) but numbers in js-yaml's YAML 1.2 core schema.
const YAML_12_NUMBERS = new Set(['0o17', '1e3']);
// PyYAML writes NEL raw inside single quotes, a line break in YAML 1.1 but not in YAML 1.2 (js-yaml).
const NEL_NAME = '\u0085nel';

describe('round trip through js-yaml', () => {
  it('parses every golden string back to itself with CORE_SCHEMA, except YAML 1.2-only numbers', () => {
    for (const [input] of [...PYYAML_GOLDEN, ...LIBYAML_GOLDEN]) {
      if (YAML_12_NUMBERS.has(input)) continue;
      for (const flavor of ['pyyaml', 'libyaml'] as const) {
        if (flavor === 'pyyaml' && input === NEL_NAME) continue;
        const parsed = load(dumpYaml([{ names: input }], { flavor }), { schema: CORE_SCHEMA });
        assert.deepEqual(parsed, [{ names: input }], `${flavor}: ${JSON.stringify(input)}`);
      }
    }
  });

  it('shows why a parser should read names as strings: YAML 1.1 leaves 1e3 and 0o17 plain', () => {
    for (const input of YAML_12_NUMBERS) {
      const text = dumpYaml([{ names: input }]);
      assert.equal(text, `- names: ${input}\n`);
      assert.equal(typeof (load(text, { schema: CORE_SCHEMA }) as { names: unknown }[])[0]?.names, 'number');
      assert.deepEqual(load(text, { schema: FAILSAFE_SCHEMA }), [{ names: input }]);
    }
  });
});
