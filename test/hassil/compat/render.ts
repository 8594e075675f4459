// The response a test expects, rendered as the intents repository's harness does (`_render_response`).

import type { Intents, RecognizeResult } from '../../../src/hassil/index.ts';
import { compileTemplate, type CompiledTemplate } from '../../../src/hassil/jinja/render.ts';
import {
  ResponseDate,
  ResponseTime,
  createResponseSlots,
  createResponseVariables,
  normalizeResponseText,
} from '../../../src/hassil/responses/index.ts';
import { matchStates, statesNamed, type FakeHome } from './fake-home.ts';
import type { TestFile, TestGroup } from './test-file.ts';

/** The harness's fixed clock: 2013-09-17 01:02. */
const TEST_DATE = new ResponseDate(2013, 9, 17);
const TEST_TIME = new ResponseTime(1, 2);

const TIMER_DEFAULTS = {
  name: '',
  area: '',
  is_active: false,
  total_seconds_left: 0,
  start_hours: 0,
  start_minutes: 0,
  start_seconds: 0,
  rounded_hours_left: 0,
  rounded_minutes_left: 0,
  rounded_seconds_left: 0,
};

/** Compiles each response template once. */
export function createTemplateCache(): (source: string) => CompiledTemplate {
  const cache = new Map<string, CompiledTemplate>();
  return (source) => {
    let compiled = cache.get(source);
    if (compiled === undefined) cache.set(source, (compiled = compileTemplate(source)));
    return compiled;
  };
}

/** What one sentence's response is rendered from. */
export interface RenderInput {
  intents: Intents;
  result: RecognizeResult;
  home: FakeHome;
  test: TestFile;
  group: TestGroup;
  template: (source: string) => CompiledTemplate;
}

/** The rendered response ("" when the intent has no template for the key), whitespace normalised. */
export function renderTestResponse({ intents, result, home, test, group, template }: RenderInput): string {
  const source = intents.responses.intents[result.intent.name]?.[result.response ?? 'default'];
  if (!source) return '';
  const timers = (group.timers ?? test.timers ?? []).map((timer) => ({ ...TIMER_DEFAULTS, ...timer }));
  const media = group.media ?? test.media ?? [];
  const slots = createResponseSlots(result.entities, {
    timers,
    media: media[0] ?? null,
    completed_items: group.completed_items ?? test.completed_items ?? [],
  });
  const name = result.entities.name;
  const { matched, unmatched } = name === undefined ? matchStates(home, result) : statesNamed(home, result, name.value);
  if (result.intent.name === 'HassGetCurrentDate') slots.date = TEST_DATE;
  else if (result.intent.name === 'HassGetCurrentTime') slots.time = TEST_TIME;
  slots.canceled = timers.length;
  return normalizeResponseText(template(source).render(createResponseVariables({ slots, matched, unmatched })));
}
