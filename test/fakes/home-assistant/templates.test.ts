// The fake's template evaluator in-process: HA's area/label/floor rules, Python output, errors, and parse_result.

import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { featuresFor } from './features.ts';
import { HA_VERSIONS, MODERN_HOME } from './index.ts';
import { parseResult } from './python-literal.ts';
import { renderTemplate, type TemplateEnvironment } from './templates.ts';

const MODERN: TemplateEnvironment = { registries: MODERN_HOME, features: featuresFor(HA_VERSIONS.modern) };

function render(template: string, environment: Partial<TemplateEnvironment> = {}) {
  return renderTemplate(template, { ...MODERN, ...environment });
}

function check(rows: [string, string][], environment: Partial<TemplateEnvironment> = {}): void {
  for (const [template, expected] of rows)
    assert.deepEqual(render(template, environment), { ok: true, text: expected }, template);
}

function checkErrors(rows: [string, string][], environment: Partial<TemplateEnvironment> = {}): void {
  for (const [template, error] of rows) assert.deepEqual(render(template, environment), { ok: false, error }, template);
}

describe('template functions with HA rules', () => {
  it('finds an entity area: own area first, else the device area; YAML-only entities have none', () => {
    check([
      ['{{ area_id("switch.bedroom_fan") }}', 'bedroom'],
      ['{{ area_id("switch.tv_socket") }}', 'living_room'],
      ['{{ area_id("Living Room") }}', 'living_room'],
      ['{{ area_id("dev_garage_door") }}', 'garage'],
      ['{{ area_id("sensor.yaml_only") }}', 'None'],
      ['{{ area_id("device_tracker.phone") }}', 'None'],
      ['{{ area_name("kitchen") }}', 'Kitchen'],
      ['{{ area_name("light.hallway_spot") }}', 'Hallway'],
      ['{{ area_name("dev_tv") }}', 'Living Room'],
      ['{{ area_name("Kitchen") }}', 'None'],
    ]);
  });

  it('lists area members by id or name, device entities that override their area left out', () => {
    check([
      [
        '{{ area_entities("living_room") | tojson }}',
        '["input_boolean.guest_mode", "scene.movie_night", "light.living_room", "climate.living_room", "media_player.living_room_tv", "switch.tv_socket"]',
      ],
      ['{{ area_entities("Kitchen") | tojson }}', '["light.kitchen", "switch.coffee_machine"]'],
      ['{{ area_entities("nowhere") | tojson }}', '[]'],
      ['{{ area_devices("office") | tojson }}', '["dev_office_desk", "dev_office_climate", "dev_safe_plug"]'],
      ['{{ "kitchen" | area_entities | tojson }}', '["light.kitchen", "switch.coffee_machine"]'],
    ]);
  });

  it('reads labels without inheritance from devices', () => {
    check([
      ['{{ labels() | tojson }}', '["sensitive", "outdoor"]'],
      ['{{ labels("switch.safe_power") | tojson }}', '["sensitive"]'],
      ['{{ labels("light.patio") | tojson }}', '[]'],
      ['{{ labels("dev_patio_light") | tojson }}', '["outdoor"]'],
      ['{{ labels("garage") | tojson }}', '["outdoor"]'],
      ['{{ label_entities("Outdoor") | tojson }}', '["sensor.outdoor_temperature", "camera.driveway"]'],
      ['{{ label_devices("outdoor") | tojson }}', '["dev_patio_light", "dev_driveway_camera"]'],
      ['{{ label_areas("outdoor") | tojson }}', '["garage"]'],
      [
        '{{ label_name("sensitive") }}|{{ label_id("Sensitive") }}|{{ label_name("nope") }}',
        'Sensitive|sensitive|None',
      ],
    ]);
  });

  it('reads floors', () => {
    check([
      ['{{ floors() | tojson }}', '["ground_floor", "first_floor"]'],
      ['{{ floor_areas("First Floor") | tojson }}', '["bedroom", "office"]'],
      ['{{ floor_name("kitchen") }}|{{ floor_id("light.bedroom") }}', 'Ground Floor|first_floor'],
    ]);
  });

  it('treats a deleted area as gone everywhere but areas()', () => {
    check(
      [
        ['{{ areas() | tojson }}', '["living_room", "kitchen", "bedroom", "office", "garage", "hallway"]'],
        ['{{ area_name("garage") }}|{{ area_id("Garage") }}|{{ area_id("cover.garage_door") }}', 'None|None|None'],
        ['{{ area_entities("garage") | tojson }}|{{ area_devices("garage") | tojson }}', '[]|[]'],
      ],
      { deletedArea: 'garage' },
    );
  });

  it('switches functions off by version: labels and floors before 2024.4, areas() before 2023.4', () => {
    const preLabels = { features: featuresFor(HA_VERSIONS.preLabels) };
    checkErrors(
      [
        ['{{ labels() }}', "UndefinedError: 'labels' is undefined"],
        ['{{ label_entities("outdoor") }}', "UndefinedError: 'label_entities' is undefined"],
        ['{{ floors() }}', "UndefinedError: 'floors' is undefined"],
        ['{{ "x" | labels }}', "TemplateAssertionError: No filter named 'labels'."],
      ],
      preLabels,
    );
    check([['{{ areas() }}', "['living_room', 'kitchen', 'bedroom', 'office', 'garage', 'hallway']"]], preLabels);
    const preAreas = { features: featuresFor(HA_VERSIONS.preAreas) };
    checkErrors([['{{ areas() | tojson }}', "UndefinedError: 'areas' is undefined"]], preAreas);
    check([['{{ area_entities("kitchen") | tojson }}', '["light.kitchen", "switch.coffee_machine"]']], preAreas);
  });
});

describe('template output and errors', () => {
  it('renders the namespace loop the add-on sends', () => {
    const template =
      '{% set ns = namespace(out=[]) %}{% for l in labels() %}{% set ns.out = ns.out + [{"id": l, "name": label_name(l), "entities": label_entities(l)}] %}{% endfor %}{{ ns.out | tojson }}';
    check([
      [
        template,
        '[{"entities": ["switch.safe_power"], "id": "sensitive", "name": "Sensitive"}, {"entities": ["sensor.outdoor_temperature", "camera.driveway"], "id": "outdoor", "name": "Outdoor"}]',
      ],
    ]);
  });

  it('writes Python: repr for containers, None/True, and strips the result', () => {
    check(
      [
        ['  {{ ["a", "it\'s"] }}  ', `['a', "it's"]`],
        ['{{ {"a": none, "b": true, "c": 1} }}', "{'a': None, 'b': True, 'c': 1}"],
        ['{{ area_name("x") }}', 'None'],
        ['{{ "a" ~ 1 ~ none }}', 'a1None'],
        ['{{ 1 + 2 }}-{{ -3 }}', '3--3'],
        ['{{ undefined_name }}{{ ns }}', ''],
        ['{# a comment #}{%- set x = "y" -%}  {{ x }}', 'y'],
        ['{% for a in [] %}x{% else %}empty{% endfor %}', 'empty'],
        ['{{ greeting }}, {{ who.name }}', 'Hello, Alex'],
      ],
      { variables: { greeting: 'Hello', who: { name: 'Alex' } } },
    );
  });

  it('escapes in tojson like Jinja (ASCII only, HTML characters) but not in to_json', () => {
    check([
      ['{{ "Küche <b> & \'x\'" | tojson }}', '"K\\u00fcche \\u003cb\\u003e \\u0026 \\u0027x\\u0027"'],
      ['{{ "Küche <b>" | to_json }}', '"Küche <b>"'],
      ['{{ {"b": [1, 2], "a": "x"} | to_json(sort_keys=True) }}', '{"a":"x","b":[1,2]}'],
    ]);
  });

  it('returns a static template unchanged', () => {
    check([['  just text  ', '  just text  ']]);
  });

  it('reports errors with the exception class', () => {
    checkErrors([
      ['{{ areas( }}', "TemplateSyntaxError: unexpected 'end of print statement'"],
      ['{{ }}', "TemplateSyntaxError: Expected an expression, got 'end of print statement'"],
      ['{{ areas()', "TemplateSyntaxError: unexpected end of template, expected 'end of print statement'."],
      ['{{ "open }}', "TemplateSyntaxError: unexpected char '\"' at 3"],
      ['{% if x %}{% endif %}', "TemplateSyntaxError: Encountered unknown tag 'if'."],
      ['{% endfor %}', "TemplateSyntaxError: Encountered unknown tag 'endfor'."],
      ['{{ nope() }}', "UndefinedError: 'nope' is undefined"],
      ['{{ nope.attr }}', "UndefinedError: 'nope' is undefined"],
      ['{{ [1] + "a" }}', 'TypeError: can only concatenate list (not "str") to list'],
      ['{% set x = 1 %}{% set x.y = 2 %}', 'TemplateRuntimeError: cannot assign attribute on non-namespace object'],
      ['{% for a in 5 %}{% endfor %}', "TypeError: 'int' object is not iterable"],
      ['{{ area_name() }}', "TypeError: area_name() missing 1 required positional argument: 'lookup_value'"],
    ]);
    const unclosed = render('{% for a in areas() %}{{ a }}');
    assert.equal(unclosed.ok, false);
    assert.match(unclosed.ok ? '' : unclosed.error, /looking for the following tags: 'endfor' or 'else'/);
  });
});

describe('parseResult (what WebSocket render_template sends)', () => {
  it('reads Python literals back, and leaves JSON with null/true/false and plain words as text', () => {
    const rows: [string, unknown][] = [
      ['["kitchen", "office"]', ['kitchen', 'office']],
      ["['kitchen', 'office']", ['kitchen', 'office']],
      ['[{"id": "kitchen", "entities": []}]', [{ id: 'kitchen', entities: [] }]],
      ['[{"id": "kitchen", "name": null}]', '[{"id": "kitchen", "name": null}]'],
      ['{"a": true}', '{"a": true}'],
      ['None', null],
      ['True', true],
      ['42', 42],
      ['21.5', 21.5],
      ['007', '007'],
      ['1e3', '1e3'],
      ['"quoted"', '"quoted"'],
      ['Living Room', 'Living Room'],
      ['["K\\u00fcche \\u003cb\\u003e"]', ['Küche <b>']],
      ['', ''],
    ];
    for (const [text, expected] of rows) assert.deepEqual(parseResult(text), expected, text);
  });
});
