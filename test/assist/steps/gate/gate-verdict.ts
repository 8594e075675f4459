// The gate's verdict on calls for a sentence said in a generated gate home: its kind and rule, as the rule tests
// compare them.

import { createToolSchemaValidator, understandRequest } from '../../../../src/assist/index.ts';
import { readSentenceFacts } from '../../../../src/assist/steps/facts/index.ts';
import { type GateCall, type GateInput, judgeCalls } from '../../../../src/assist/steps/gate/index.ts';
import { createNameIndex } from '../../../../src/assist/steps/repair/index.ts';
import { buildHaRequest, type Home } from '../../../../src/homeassistant/request/index.ts';
import { decodeChatRequest } from '../../../../src/openai/index.ts';

const VALIDATOR = createToolSchemaValidator();

/** `['send']`, or the verdict's kind and rule, for `calls` from `source` on `text` said in `home` (English). */
export function verdictOf(
  home: Home,
  text: string,
  calls: GateCall[],
  plan: NonNullable<GateInput['plan']>,
  source: 'deterministic' | 'model',
): string[] {
  const request = understandRequest(decodeChatRequest(buildHaRequest(home, { userText: text, era: '2026' })));
  const catalog = request.catalog!;
  const facts = readSentenceFacts(text, { language: 'en', names: () => createNameIndex(catalog) });
  const verdict = judgeCalls({
    source,
    calls,
    facts,
    request,
    tools: request.tools,
    validator: VALIDATOR,
    plan,
    confirmSensitive: true,
    hasModel: true,
  });
  return verdict.kind === 'send' ? ['send'] : [verdict.kind, verdict.rule];
}
