// Answering the result of `execute_services` without a model: an acknowledgement in Home Assistant's words, or
// plainly what failed.

import { acknowledgementOf } from '../intent-table.ts';
import { joinNames } from '../reply.ts';
import type { DirectDecision } from '../steps/deterministic/decision.ts';
import type { EntityCatalog, HaRequest, ToolRoundCall } from '../understand/index.ts';
import { readServiceArguments, type ServiceItem } from './service-arguments.ts';
import { intentOfCall, isServicesTool } from './service-table.ts';

/**
 * The answer when the newest tool round holds only `execute_services` results, or undefined (another round, or a
 * result this cannot read: the model answers). The integration returns `[{'success': True}]` per item (older
 * versions `[True]`) or `{'error': '…'}`, as a Python repr (docs: ha-requests.md §6.5).
 */
export function decideServiceResult(request: HaRequest): DirectDecision | undefined {
  const rounds = request.history.activeRounds;
  const calls = rounds[rounds.length - 1]?.calls ?? [];
  if (calls.length === 0 || !calls.every((call) => isServicesTool(call.canonicalName) && call.result !== undefined))
    return undefined;
  const outcomes = calls.map(outcomeOf);
  if (outcomes.some((outcome) => outcome === undefined)) return undefined;
  const items = calls.map((call) => readServiceArguments(call.arguments) ?? []);
  const failure = outcomes.find((outcome) => outcome!.kind === 'failed');
  if (failure?.kind === 'failed') {
    const names = items.flatMap((list) => list.flatMap((item) => namesOf(item, request.catalog)));
    const text =
      failure.message === undefined
        ? `Sorry, that did not work for ${joinNames(names.length > 0 ? names : ['the device'])}.`
        : `Sorry, that did not work: ${failure.message}`;
    return { kind: 'answer', text, plan: { kind: 'verify', failed: names } };
  }
  return { kind: 'answer', text: acknowledge(items.flat(), request.catalog), plan: { kind: 'verify' } };
}

/** What one call's result says: done, failed (with the integration's message when it gave one), or unreadable. */
type Outcome = { kind: 'done' } | { kind: 'failed'; message?: string } | undefined;

function outcomeOf(call: ToolRoundCall): Outcome {
  const body = call.result!.result.body;
  if (body.kind === 'failure') return { kind: 'failed', message: body.message };
  if (body.kind === 'success') return { kind: 'done' };
  if (body.kind !== 'value' || !Array.isArray(body.value)) return undefined;
  const results = body.value.map((item) =>
    typeof item === 'boolean'
      ? item
      : typeof item === 'object' && item !== null
        ? (item as { success?: unknown }).success
        : undefined,
  );
  if (results.some((item) => typeof item !== 'boolean')) return undefined;
  return results.every((item) => item === true) ? { kind: 'done' } : { kind: 'failed' };
}

/** "Turned off Kitchen Light. Unlocking Front Door.": one sentence per word, the intent's own word per domain. */
function acknowledge(items: readonly ServiceItem[], catalog: EntityCatalog | undefined): string {
  const byWord = new Map<string, string[]>();
  for (const item of items) {
    const intent = intentOfCall(item.domain, item.service, item.data);
    const word = intent === undefined ? undefined : acknowledgementOf(intent, item.domain);
    // A service with no acknowledgement of its own (a position, a volume): a plain "Done."
    if (word === undefined) return 'Done.';
    byWord.set(word, [...(byWord.get(word) ?? []), ...namesOf(item, catalog)]);
  }
  if (byWord.size === 0) return 'Done.';
  return [...byWord].map(([word, names]) => `${word} ${joinNames(names)}.`).join(' ');
}

/** The catalogue names of an item's entities (the id itself for one the catalogue lacks). */
function namesOf(item: ServiceItem, catalog: EntityCatalog | undefined): string[] {
  return item.entityIds.map((id) => catalog?.entities.find((entity) => entity.entityId === id)?.name ?? id);
}
