// The turn Home Assistant would send for one sentence asked in a home: its conversation request, decoded.

import type { Turn } from '../conversation/index.ts';
import { buildHaRequest, type Home } from '../homeassistant/request/index.ts';
import { decodeChatRequest } from '../openai/index.ts';

/** The turn of `sentence` asked in `home`, as Home Assistant 2026 builds its request. */
export function sentenceTurn(home: Home, sentence: string): Turn {
  return decodeChatRequest(buildHaRequest(home, { userText: sentence, era: '2026' }));
}
