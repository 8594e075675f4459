// bench:covers — what a day of typical cover commands costs: the turns a person speaks (commands and the yeses
// HA-Assist asks for) and the requests Home Assistant sends hearth, with no model, on a 2026 request (the Static
// Context carries no device class, so HA-Assist reads live state for it).
// Usage: npm run bench:covers [-- --json]

import { buildHaRequest, type Entity, type HaChatRequest, type Home } from '../src/homeassistant/request/index.ts';
import { liveContextOf, withResult } from '../test/assist/ha-turns.ts';
import { createHarness, postChat } from '../test/server/app-harness.ts';
import { report, wantsJson } from './support/measure.ts';

const cover = (name: string, area: string, deviceClass: string, state: string): Entity => ({
  entityId: `cover.${name.toLowerCase().replaceAll(' ', '_')}`,
  name,
  aliases: [],
  domain: 'cover',
  area,
  state,
  attributes: {},
  deviceClass,
});

const HOME: Home = {
  areas: ['Kitchen', 'Office', 'Bedroom', 'Living Room', 'Garage'].map((name) => ({ name, aliases: [] })),
  entities: [
    cover('Kitchen Blinds', 'Kitchen', 'blind', 'closed'),
    cover('Office Blinds', 'Office', 'blind', 'closed'),
    cover('Bedroom Curtains', 'Bedroom', 'curtain', 'open'),
    cover('Living Room Shutters', 'Living Room', 'shutter', 'closed'),
    cover('Garage Door', 'Garage', 'garage', 'closed'),
  ],
};

/** Ten commands of an ordinary day: blinds, curtains and shutters opened, set and closed, the garage door once each way. */
const DAY = [
  'open the kitchen blinds',
  'set the office blinds to 30 %',
  'close the bedroom curtains',
  'open the living room shutters',
  'open the garage door',
  'close the garage door',
  'close the kitchen blinds',
  'set the bedroom curtains to 50 %',
  'close the office blinds',
  'open the bedroom curtains',
];

interface Message {
  content: string | null;
  tool_calls?: { id: string; function: { name: string; arguments: string } }[];
}

/** Plays one command as Home Assistant and a person would: reads answered, a question answered yes. */
async function play(text: string): Promise<{ personTurns: number; questions: number; requests: number }> {
  const harness = createHarness({ withoutTextModel: true });
  let request: HaChatRequest = buildHaRequest(HOME, { userText: text, era: '2026' });
  const counts = { personTurns: 1, questions: 0, requests: 0 };
  for (;;) {
    counts.requests += 1;
    const json = (await (await postChat(harness.app, request)).json()) as { choices: { message: Message }[] };
    const message = json.choices[0]!.message;
    const call = message.tool_calls?.[0];
    if (call?.function.name === 'GetLiveContext') {
      request = withResult(request, { id: call.id, ...call.function }, liveContextOf(HOME));
      continue;
    }
    if (call !== undefined) return counts;
    if (!(message.content ?? '').endsWith('Say yes to confirm.') || counts.questions > 0)
      throw new Error(`"${text}" ended in "${message.content}", not an action`);
    counts.questions += 1;
    counts.personTurns += 1;
    request = {
      ...request,
      messages: [
        ...request.messages,
        { role: 'assistant', content: message.content },
        { role: 'user', content: 'yes' },
      ],
    };
  }
}

const totals = { commands: DAY.length, personTurns: 0, questions: 0, requests: 0 };
for (const text of DAY) {
  const counts = await play(text);
  totals.personTurns += counts.personTurns;
  totals.questions += counts.questions;
  totals.requests += counts.requests;
}
report({ bench: 'covers', ...totals }, wantsJson());
