// The write tools' one shape: check the call against the limits and the write mode, then run it or propose it.

import { z } from 'zod';
import type { HaState } from '../../homeassistant/index.ts';
import { proposalEntityJson } from '../changes/change-json.ts';
import type { Change, ChangeService, Execution } from '../changes/change-service.ts';
import type { Proposal, ProposalEntity } from '../changes/stores.ts';
import { decideOnHome } from '../home/decide-on-home.ts';
import { decideBeforeReading } from '../policy/decide-call.ts';
import type { ServiceClass } from '../policy/service-allowlist.ts';
import { defineTool, refusedQuoting, type ToolContext, type ToolDefinition, type ToolOutcome } from '../tool.ts';
import { EntityIdSchema } from './entity-arguments.ts';

/** The most entities any call may name (the limits may allow fewer). */
const MAX_ENTITIES = 20;

/** Stands for a proposal's id while its answer is measured: as long as any id the store accepts (64 characters). */
const PROPOSAL_ID_ROOM = 'p'.repeat(64);

const NameSchema = z.string().regex(/^[a-z0-9_]+$/, 'must be lowercase letters, digits and _');

const ServiceCallArgsSchema = z.strictObject({
  domain: NameSchema.describe('The service domain, e.g. light: the domain list-services shows.'),
  service: NameSchema.describe('The service, e.g. turn_on: the service list-services shows (without the domain).'),
  entity_id: z
    .union([EntityIdSchema, z.array(EntityIdSchema).min(1).max(MAX_ENTITIES)])
    .describe('The entity, or a list of entities, each named (no area, device, label or all targets).'),
  data: z
    .record(z.string(), z.unknown())
    .default({})
    .describe('The service\'s fields, e.g. {"brightness_pct": 40}; list-services shows them.'),
});

type ServiceCallArgs = z.output<typeof ServiceCallArgsSchema>;

/** One write tool: the class of services it calls. */
export function serviceCallTool(row: { name: string; serviceClass: ServiceClass; title: string; description: string }) {
  return defineTool({
    name: row.name,
    kind: 'write',
    title: row.title,
    description: row.description,
    args: ServiceCallArgsSchema,
    run: (args, context) => runServiceCall(row, args, context),
  }) as ToolDefinition;
}

async function runServiceCall(
  row: { name: string; serviceClass: ServiceClass },
  args: ServiceCallArgs,
  context: ToolContext,
): Promise<ToolOutcome> {
  const { connection, changes } = context;
  if (connection.writeMode === 'read-only')
    return refused(`the connection ${connection.name} is read only: an administrator can change its write mode`);
  if (changes === undefined) return refused('changes are not available here');
  const entityIds = typeof args.entity_id === 'string' ? [args.entity_id] : args.entity_id;
  const call = { domain: args.domain, service: args.service, entityIds, data: args.data };
  // Whatever needs nothing from Home Assistant first: a call over the limits costs it no request at all.
  const early = decideBeforeReading(context.policy, call);
  if (early.kind === 'deny') return refused(early.reason);
  if (early.serviceClass !== row.serviceClass) return refused(wrongTool(args, early.serviceClass));
  const read = await context.home();
  if (read.kind === 'refused') return read;
  const { home } = read;
  const decision = decideOnHome(context.policy, call, home);
  if (decision.kind === 'deny') return refused(decision.reason);
  if (decision.serviceClass !== row.serviceClass) return refused(wrongTool(args, decision.serviceClass));
  const change = { connection: connection.name, ...call };
  if (connection.writeMode === 'act' && row.serviceClass === 'quiet' && context.caller.attended)
    return executed(await changes.execute(change, context.writer));
  const preview = entityIds.map((id) => previewOf(id, home.state(id)));
  return propose(row, { change, preview, changes }, context);
}

/** Stores the proposal (once its answer is known to fit the result limits) and asks the person when the client can. */
async function propose(
  row: { name: string; serviceClass: ServiceClass },
  what: { change: Change; preview: ProposalEntity[]; changes: ChangeService },
  context: ToolContext,
): Promise<ToolOutcome> {
  const { change, preview, changes } = what;
  // The answer is measured before the proposal is stored: a refusal must leave nothing a person could confirm.
  const planned = { ...change, id: PROPOSAL_ID_ROOM, expiresAt: context.now.toISOString(), entities: preview };
  const size = context.measureResult(awaiting(planned));
  if (size.kind === 'too-large')
    return refused(
      `the proposal's answer would be ${size.bytes} bytes, over the limit of ${size.limit}; nothing was stored; ask for less`,
    );
  const proposal = changes.propose(change, {
    tool: row.name,
    serviceClass: row.serviceClass,
    entities: preview,
    revision: context.revision,
  });
  // A client's own answer is trusted for a quiet change in `act` mode only (one it may run for an attended chat anyway):
  // a client can answer an elicitation by itself, so a physical change, or any change of an ask-first connection,
  // waits for a person on the page, the command line or the admin API.
  const mayElicit = row.serviceClass === 'quiet' && context.connection.writeMode === 'act';
  const ask = mayElicit ? context.caller.confirm : undefined;
  const answer = ask === undefined ? 'no-answer' : await ask(proposal);
  if (answer === 'yes') {
    const confirmed = await changes.confirm(proposal.id);
    return confirmed.kind === 'executed' ? executed(confirmed.execution) : refused(confirmed.reason);
  }
  if (answer === 'no') {
    changes.cancel(proposal.id);
    return {
      kind: 'data',
      data: { status: 'cancelled', proposal_id: proposal.id, message: 'The person said no; nothing was sent.' },
    };
  }
  return { kind: 'data', data: awaiting(proposal), proposed: true };
}

function previewOf(entityId: string, state: HaState | undefined): ProposalEntity {
  const name = state?.attributes.friendly_name;
  return { entityId, name: typeof name === 'string' ? name : entityId, state: state?.state ?? 'unknown' };
}

function wrongTool(args: ServiceCallArgs, serviceClass: ServiceClass): string {
  const tool = serviceClass === 'quiet' ? 'call-service' : 'call-physical-service';
  return `${args.domain}.${args.service} is called with ${tool}`;
}

function awaiting(proposal: Pick<Proposal, 'id' | 'expiresAt' | 'domain' | 'service' | 'entities' | 'data'>) {
  return {
    status: 'awaiting-confirmation',
    proposal_id: proposal.id,
    expires_at: proposal.expiresAt,
    service: `${proposal.domain}.${proposal.service}`,
    entities: proposal.entities.map(proposalEntityJson),
    data: proposal.data,
    message: 'The change awaits a person’s confirmation; nothing has been sent. It runs once they confirm it.',
  };
}

function executed({ operationId, outcome }: Execution): ToolOutcome {
  switch (outcome.kind) {
    case 'done':
      return {
        kind: 'data',
        data: {
          status: 'done',
          operation_id: operationId,
          changed: outcome.changed.map((state) => ({ entity_id: state.entity_id, state: state.state })),
        },
      };
    case 'failed':
      return refusedQuoting(`Home Assistant refused the call (operation ${operationId})`, outcome.reason);
    case 'not-sent':
      return refusedQuoting(`the call was not sent (operation ${operationId})`, outcome.reason);
    case 'unknown':
      return refusedQuoting(
        `the outcome of operation ${operationId} is unknown. Home Assistant may have carried it out; it is not retried. Read the state to see.`,
        outcome.reason,
      );
  }
}

function refused(reason: string): ToolOutcome {
  return { kind: 'refused', reason };
}
