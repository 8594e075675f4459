// The services behind the page: the HA-Assist playground (as `hearth ask`, on the demo home or a connection's home)
// and the chat with the home (a physical model with the tool add-on's tools).

import { type Clock, HearthError, type IdSource, modelNotFound } from '../common/index.ts';
import { countPromptTokens, type HaAssist, type PhysicalModel, type RecentTurns } from '../assist/index.ts';
import { createEstimateCounter } from '../backends/index.ts';
import { DEMO_HOME } from '../demo-home/index.ts';
import { runHomeChat } from '../home-chat/index.ts';
import type { Home } from '../homeassistant/request/index.ts';
import type { PageDeps, PageFile, PlaygroundAnswer } from '../server/index.ts';
import type { ToolGuard } from '../tools/index.ts';
import { explainRounds, summarise } from './explain-sentence.ts';
import { sentenceTurn } from './sentence-turn.ts';

/** What the page's services are built from. */
export interface PageParts {
  haAssist: HaAssist;
  models: ReadonlyMap<string, PhysicalModel>;
  /** The tool add-on's guard: the chat's tools and the connections' homes; without it only the demo home is there. */
  guard: ToolGuard | undefined;
  /** The names of the enabled connections, asked at each request. */
  homes: () => readonly string[];
  recent: RecentTurns;
  files: ReadonlyMap<string, PageFile> | undefined;
  version: string;
  clock: Clock;
  ids: IdSource;
}

/** The page's services. */
export function buildPageServices(parts: PageParts): PageDeps {
  const { haAssist, models, guard, clock } = parts;

  async function homeOf(name: string, only: readonly string[] | undefined): Promise<{ home: Home; cut: number }> {
    if (name === 'demo') return { home: DEMO_HOME, cut: 0 };
    // A connection the caller's key does not name answers as one that does not exist.
    if (guard === undefined || !parts.homes().includes(name) || (only !== undefined && !only.includes(name)))
      throw new HearthError('UNKNOWN_HOME', `There is no enabled connection named "${name}".`, {
        param: 'home',
      });
    const read = await guard.readHome(name);
    if (read.kind === 'refused')
      throw new HearthError('HOME_NOT_READ', `The home of "${name}" could not be read: ${read.reason}`);
    return read;
  }

  return {
    files: parts.files,
    version: parts.version,
    chatModels: [...models.keys()],

    chat(model, conversation, { signal, connections }) {
      const physical = models.get(model);
      if (physical === undefined) throw modelNotFound(model, { available: [...models.keys()] });
      if (guard === undefined) throw new HearthError('TOOLS_OFF', 'The Home Assistant tool add-on is not running.');
      const caller = connections === undefined ? {} : { connections };
      return runHomeChat({ backend: physical.backend, guard, ids: parts.ids, ...caller }, conversation, signal);
    },

    async playground(sentence, homeName, caller): Promise<PlaygroundAnswer> {
      const started = clock.monotonic();
      const { home, cut } = await homeOf(homeName, caller.connections);
      const turn = sentenceTurn(home, sentence);
      const rounds = await explainRounds(haAssist, turn, home);
      const last = rounds[rounds.length - 1]!;
      const summary = summarise(last);
      const counter = models.get(last.backend ?? '')?.tokens ?? createEstimateCounter();
      const prepMs = rounds.reduce((sum, round) => sum + round.diagnostics.route.prepMs, 0);
      parts.recent.add({ route: last.route, ms: prepMs, source: 'playground' });
      return {
        home: homeName,
        route: summary.route,
        model: summary.model,
        intent: summary.intent,
        slot_combination: summary.slot_combination,
        slots: summary.slots,
        tool_calls: summary.tool_calls,
        answer: summary.answer,
        why: summary.why,
        prompt:
          summary.prompt === null || last.prompt === undefined
            ? null
            : {
                ...summary.prompt,
                tokens: await countPromptTokens(last.prompt, counter),
                token_source: counter.source,
              },
        timings: {
          prep_ms: Math.round(prepMs * 1000) / 1000,
          recognize_ms: last.diagnostics.intent?.recognizeMs ?? null,
          total_ms: Math.round((clock.monotonic() - started) * 1000) / 1000,
        },
        entities_cut: cut,
      };
    },

    recent: parts.recent,
  };
}
