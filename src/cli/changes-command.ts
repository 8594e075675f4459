// `hearth proposals list|confirm|cancel`, `hearth journal`, `hearth policy show|set`: a person's side of the changes.

import { statSync } from 'node:fs';
import {
  decideThroughOwner,
  type OwnerAdmin,
  ownerAdmin,
  savePolicyThroughOwner,
  tooLarge,
} from '../services/index.ts';
import { INPUT_LIMITS, journalJson, proposalJson } from '../tools/index.ts';
import type { ChangesCommand } from './args.ts';
import { loadCommandConfig } from './command-config.ts';
import { readNamedFile } from './read-file.ts';
import { terminalLines, terminalText } from './terminal-text.ts';
import { buildCommandToolAddOn, type ToolAddOnParts } from './tool-add-on.ts';

/** Where the command writes. */
export interface ChangesIo {
  print: (text: string) => void;
  printError: (text: string) => void;
  /** The fetch used to reach a running hearth (`policy set`). */
  fetch: typeof globalThis.fetch;
}

/** Runs the command; resolves with the exit code (1 when the request was refused). */
export async function runChanges(command: ChangesCommand, env: NodeJS.ProcessEnv, io: ChangesIo): Promise<number> {
  const { config } = loadCommandConfig(command, env);
  const addOn = buildCommandToolAddOn(config, env);
  try {
    const adminKey = env.HEARTH_ADMIN_KEY ?? config.server.admin_key;
    if (command.action === 'policy-set') return await setPolicy(command.file, addOn, { adminKey, io });
    if (command.action === 'proposals-confirm' || command.action === 'proposals-cancel') {
      const verb = command.action === 'proposals-confirm' ? 'confirm' : 'cancel';
      const owner = ownerAdmin(addOn.dataDir, { adminKey, fetch: io.fetch, what: `${verb} a proposal` });
      if (owner !== undefined) return await decideThrough(owner, { id: command.id, verb, io });
    }
    return await run(command, addOn, io);
  } finally {
    await addOn.close();
  }
}

async function run(command: Exclude<ChangesCommand, { action: 'policy-set' }>, addOn: ToolAddOnParts, io: ChangesIo) {
  switch (command.action) {
    case 'proposals-list': {
      // The newest ones, as the admin API's largest page: a data folder holds every proposal ever made.
      const page = addOn.proposals.page({ status: 'all', limit: INPUT_LIMITS.proposalsPerPage });
      const proposals = page.proposals.map(proposalJson);
      if (command.isJson) io.print(JSON.stringify(proposals));
      else if (proposals.length === 0) io.print('No proposals.');
      for (const p of command.isJson ? [] : proposals) {
        // Names and states are Home Assistant's words: escaped, they cannot rewrite the line a person confirms from.
        const entities = p.entities.map((entity) => `${entity.name} (${entity.state})`).join(', ');
        const status = p.closed_reason === null ? p.status : `${p.status} (${p.closed_reason})`;
        const fields = [p.id, status, p.connection, p.service, entities, `expires ${p.expires_at}`];
        io.print(fields.map(terminalText).join('\t'));
      }
      if (!command.isJson && page.next !== null)
        io.print(`(the newest ${INPUT_LIMITS.proposalsPerPage}; older ones are not shown)`);
      return 0;
    }
    case 'proposals-confirm': {
      const confirmation = await addOn.changes.confirm(command.id);
      if (confirmation.kind === 'refused') return fail(io, confirmation.reason);
      const { operationId, outcome } = confirmation.execution;
      const detail = outcome.kind === 'done' ? `${outcome.changed.length} state(s) changed` : outcome.reason;
      io.print(terminalText(`${command.id}: operation ${operationId} ${outcome.kind}: ${detail}`));
      return outcome.kind === 'done' ? 0 : 1;
    }
    case 'proposals-cancel': {
      const cancelled = addOn.changes.cancel(command.id);
      if (cancelled.kind === 'refused') return fail(io, cancelled.reason);
      io.print(`${terminalText(command.id)}: cancelled; nothing was sent.`);
      return 0;
    }
    case 'journal': {
      const operations = addOn.journal.recent(INPUT_LIMITS.journalEntries).map(journalJson);
      if (command.isJson) io.print(JSON.stringify(operations));
      else if (operations.length === 0) io.print('No operations.');
      for (const op of command.isJson ? [] : operations)
        io.print(
          [op.operation_id, op.state, op.connection, op.service, op.entity_ids.join(','), op.created_at, op.detail]
            .map(terminalText)
            .join('\t'),
        );
      return 0;
    }
    case 'policy-show': {
      const state = addOn.limits.read();
      io.print(terminalLines(addOn.limits.text().trimEnd()));
      if (state.kind === 'invalid') return fail(io, `these limits are not in force: ${state.reason}`);
      return 0;
    }
  }
}

/** Saves limits: through the running hearth that owns the data folder (admin key required), else in the file. */
async function setPolicy(
  file: string,
  addOn: ToolAddOnParts,
  options: { adminKey: string | null | undefined; io: ChangesIo },
): Promise<number> {
  const { io } = options;
  // The size first: a file over the limit is refused without being read.
  const bytes = statSync(file).size;
  if (bytes > INPUT_LIMITS.policyBytes) return fail(io, `${file}: the limits were not saved: ${tooLarge(bytes)}`);
  const text = readNamedFile(file);
  const owner = ownerAdmin(addOn.dataDir, { adminKey: options.adminKey, fetch: io.fetch, what: 'change the limits' });
  if (owner === undefined) {
    const saved = addOn.limits.save(text);
    if (saved.kind === 'invalid') return fail(io, `${file}: the limits were not saved: ${saved.reason}`);
    io.print(`Saved the limits (${saved.revision}).`);
    return 0;
  }
  const saved = await savePolicyThroughOwner(owner, text);
  if (!saved.ok) return fail(io, saved.reason);
  io.print(`Saved the limits through hearth at ${owner.url} (${saved.hash}).`);
  return 0;
}

/** Confirms or cancels a proposal through the running hearth that owns the data folder. */
async function decideThrough(
  owner: OwnerAdmin,
  request: { id: string; verb: 'confirm' | 'cancel'; io: ChangesIo },
): Promise<number> {
  const { id, verb, io } = request;
  const decided = await decideThroughOwner(owner, id, verb);
  if (!decided.ok) return fail(io, decided.reason);
  if (decided.run === undefined) {
    io.print(`${terminalText(id)}: cancelled; nothing was sent.`);
    return 0;
  }
  const { operationId, outcome, detail } = decided.run;
  io.print(terminalText(`${id}: operation ${operationId} ${outcome}: ${detail}`));
  return outcome === 'done' ? 0 : 1;
}

function fail(io: ChangesIo, reason: string): number {
  io.printError(`hearth: ${terminalText(reason)}`);
  return 1;
}
