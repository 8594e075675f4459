// Response templates render with Jinja2's Python semantics, as Home Assistant and the intents tests render them.

import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { HassilError } from '../../../src/hassil/errors.ts';
import type { MatchEntity } from '../../../src/hassil/result.ts';
import { PyFloat } from '../../../src/hassil/jinja/values.ts';
import {
  ResponseDate,
  ResponseState,
  ResponseTime,
  createResponseSlots,
  createResponseVariables,
  renderResponse,
  responseSlotValue,
} from '../../../src/hassil/responses/index.ts';

const render = (template: string, variables: Record<string, unknown> = {}) => renderResponse(template, variables);

describe('renderResponse', () => {
  const rows: [string, string, Record<string, unknown>, string][] = [
    [
      'block tags may end in a colon',
      '{% if n < 1: %}none{% elif n == 1: %}one{% else: %}many{% endif %}',
      { n: 2 },
      'many',
    ],
    [
      'None, True and False print as Python does',
      '{{ a }} {{ b }} {{ c }}',
      { a: null, b: true, c: false },
      'None True False',
    ],
    [
      'an integral float keeps its .0',
      '{{ t }} {{ t + 1 }} {{ 7 / 2 }} {{ 4 / 2 }}',
      { t: new PyFloat(22) },
      '22.0 23.0 3.5 2.0',
    ],
    ['a string is not equal to a number', "{{ 'yes' if s == 1 else 'no' }}", { s: '1' }, 'no'],
    ['capitalize lowers the rest', '{{ n | capitalize }}', { n: 'outside TEMPERATURE' }, 'Outside temperature'],
    [
      'float, round and replace chain on the text of the float',
      '{{ t | float | round(1) | replace(".", ",") | replace(",0", "") }}',
      { t: '22' },
      '22',
    ],
    [
      'float with a default keeps a non-number',
      '{{ s | float(s) is number }} {{ "4.5" | float(0) is number }}',
      { s: '42 °F' },
      'False True',
    ],
    [
      'select with the in test',
      "{{ ['Stunde', 'Minute'] | select('in', m) | list }}",
      { m: '5 Minuten' },
      "['Minute']",
    ],
    ['select without a test keeps truthy items', "{{ ['a', '', 'b'] | select() | join(' and ') }}", {}, 'a and b'],
    [
      'selectattr, rejectattr and sort by attribute',
      "{{ ts | selectattr('on') | map(attribute='n') | join(',') }}/{{ ts | rejectattr('on') | list | count }}/{{ (ts | sort(attribute='n'))[0].n }}",
      {
        ts: [
          { n: 3, on: true },
          { n: 1, on: false },
          { n: 2, on: true },
        ],
      },
      '3,2/1/1',
    ],
    [
      'sort ignores case, map reads attributes',
      "{{ xs | map(attribute='name') | sort | join(', ') }}",
      {
        xs: [
          new ResponseState({ entityId: 'light.b', name: 'bed', state: 'on' }),
          new ResponseState({ entityId: 'light.a', name: 'Attic', state: 'on' }),
        ],
      },
      'Attic, bed',
    ],
    [
      'slices and negative indexes',
      "{{ xs[:-1] | join(', ') ~ ' and ' ~ xs[-1] }}",
      { xs: ['a', 'b', 'c'] },
      'a, b and c',
    ],
    ['str.format with a width', "{{ '{0:02d}'.format(t.minute) }}", { t: new ResponseTime(1, 2) }, '02'],
    [
      'dict literals with int keys and date methods',
      "{% set m = {9: 'September'} %}{{ m[d.month] }} {{ ['Mo', 'Di'][d.weekday()] }}",
      { d: new ResponseDate(2013, 9, 17) },
      'September Di',
    ],
    ['dict methods and attributes', "{{ a.get('x', 'none') }} {{ a.get('y') }} {{ a.y }}", { a: { y: 1 } }, 'none 1 1'],
    ['is defined guards a missing slot', "{{ slots.h if slots.h is defined else 'no' }}", { slots: {} }, 'no'],
    [
      'loop.first and loop.last',
      '{% for n in xs -%}{% if not loop.first and not loop.last %}, {% elif loop.last and not loop.first %} and {% endif -%}{{ n }}{%- endfor %}',
      { xs: ['a', 'b', 'c'] },
      'a, b and c',
    ],
    ['set in a loop does not leak', '{% set x = 1 %}{% for i in [1, 2] %}{% set x = i %}{% endfor %}{{ x }}', {}, '1'],
    ['set in an if does', '{% set x = 1 %}{% if true %}{% set x = 2 %}{% endif %}{{ x }}', {}, '2'],
    ['comments and whitespace are normalised', '  {# note #}\n  Hello\n\n   world  ', {}, 'Hello world'],
    [
      'a state object compared with a string is not equal',
      '{{ state == "home" }} {{ state.state == "home" }}',
      { state: new ResponseState({ entityId: 'person.a', name: 'A', state: 'home' }) },
      'False True',
    ],
    ['lists print as Python reprs', '{{ [1, "it\'s", none] }}', {}, `[1, "it's", None]`],
  ];
  for (const [name, template, variables, expected] of rows) {
    it(name, () => assert.equal(render(template, variables), expected));
  }

  it('fails on an undefined variable, naming the template (StrictUndefined)', () => {
    assert.throws(
      () => render('Hello {{ nobody }}'),
      (error: unknown) =>
        error instanceof HassilError &&
        error.code === 'RESPONSE_TEMPLATE' &&
        /nobody/.test(error.message) &&
        error.location.template === 'Hello {{ nobody }}',
    );
    assert.throws(() => render('{% if slots.h %}x{% endif %}', { slots: {} }), HassilError);
  });

  it('fails on a syntax error, naming the template', () => {
    assert.throws(
      () => render('{% if %}'),
      (error: unknown) =>
        error instanceof HassilError && error.code === 'RESPONSE_TEMPLATE' && error.location.template === '{% if %}',
    );
  });
});

describe('response variables', () => {
  const entity = (name: string, value: unknown, text: string, extra: Partial<MatchEntity> = {}): MatchEntity => ({
    name,
    value,
    text,
    isWildcard: false,
    ...extra,
  });

  it('gives numbers as the words said and other values as list outputs', () => {
    assert.equal(responseSlotValue(entity('minutes', 30, 'half ')), 'half');
    assert.equal(responseSlotValue(entity('area', 'Kitchen', 'kitchen')), 'Kitchen');
    assert.equal(String(responseSlotValue(entity('brightness', 50, '', { isFromDigits: true }))), '50.0');
    assert.equal(responseSlotValue(entity('flag', true, 'yes')), true);
  });

  it('lets entities override extra slots', () => {
    assert.deepEqual(createResponseSlots({ area: entity('area', 'Kitchen', 'kitchen') }, { area: 'x', timers: [] }), {
      area: 'Kitchen',
      timers: [],
    });
  });

  it('builds state, query and state_attr from the matched states', () => {
    const climate = new ResponseState({
      entityId: 'climate.hall',
      name: 'Hall',
      state: 'heat',
      attributes: { current_temperature: new PyFloat(22) },
    });
    const other = new ResponseState({
      entityId: 'sensor.t',
      name: 'T',
      state: '42',
      attributes: { unit_of_measurement: '°F' },
    });
    const variables = createResponseVariables({ slots: {}, matched: [climate], unmatched: [other] });
    const template =
      "{{ state_attr(state.entity_id, 'current_temperature') }} {{ state_attr('sensor.t', 'unit_of_measurement') }} {{ query.total_results }} {{ query.unmatched[0].state_with_unit }}";
    assert.equal(render(template, variables), '22.0 None 2 42 °F');
    assert.equal(render('{{ state }}', createResponseVariables({ slots: {}, matched: [] })), 'None');
  });

  it('uses the translated state when there is one', () => {
    const person = new ResponseState({ entityId: 'person.a', name: 'A', state: 'home', humanState: 'zu Hause' });
    assert.equal(render('{{ s.state }} {{ s.hass_state }} {{ s.domain }}', { s: person }), 'zu Hause home person');
  });
});
