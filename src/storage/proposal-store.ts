// The proposals in hearth's database: changes waiting for a person's yes, each confirmed at most once.
import assert from 'node:assert/strict';
import { HearthError, isRecord } from '../common/index.ts';
import type { Proposal, ProposalEntity, ProposalStatus, ProposalStore, ProposalTransition } from '../tools/index.ts';
import type { HearthDatabase } from './database.ts';

export type { Proposal, ProposalEntity, ProposalStatus, ProposalStore, ProposalTransition };

/** What {@link ProposalStore.create} saves; the store adds the status, the operation id and the creation time. */
export type NewProposal = Omit<Proposal, 'status' | 'operationId' | 'createdAt' | 'closedReason'>;

/** What {@link createProposalStore} works with. */
export interface ProposalStoreOptions {
  /** An open, migrated database from `openDatabase`. */
  db: HearthDatabase;
  /** The current time in milliseconds since the epoch, for `createdAt` and expiry. */
  now: () => number;
}

/** A row of the `proposals` table. */
interface ProposalRow {
  id: string;
  connection: string;
  connection_uid: string | null;
  connection_address: string | null;
  tool: string;
  domain: string;
  service: string;
  entities: string;
  data: string;
  service_class: 'quiet' | 'confirmed';
  policy_hash: string;
  status: ProposalStatus;
  operation_id: string | null;
  created_at: string;
  expires_at: string;
  expires_at_ms: number;
  closed_reason: string | null;
}

/** Where a transition takes an open, unexpired proposal, and whether that is the transition asked for. */
interface Step {
  status: ProposalStatus;
  operationId: string | null;
  isDone: boolean;
  /** Why a proposal is closed as stale; null otherwise. */
  reason: string | null;
}

/** Why a proposal made under other limits is closed when it is confirmed. */
const OTHER_LIMITS_REASON = 'the limits changed after it was made';

const COLUMNS =
  'id, connection, tool, domain, service, entities, data, service_class, policy_hash, status, operation_id, ' +
  'created_at, expires_at, expires_at_ms, connection_uid, connection_address, closed_reason';

/**
 * The columns as a read shows them: an open proposal past its expiry reads `expired` (bound as `@now`). Reads write
 * nothing, so listing and showing proposals keep working while the database cannot be written; the stored status
 * becomes `expired` when a transition next touches the row.
 */
const READ_COLUMNS = COLUMNS.replace(
  'status,',
  "CASE WHEN status = 'open' AND expires_at_ms <= @now THEN 'expired' ELSE status END AS status,",
);

/** The proposal store on `db`; several stores (and processes) may share one database file. */
export function createProposalStore(options: ProposalStoreOptions): ProposalStore {
  const { db, now } = options;
  const insert = db.prepare<ProposalRow, void>(
    `INSERT INTO proposals (${COLUMNS}) VALUES (@id, @connection, @tool, @domain, @service, @entities, @data,
      @service_class, @policy_hash, @status, @operation_id, @created_at, @expires_at, @expires_at_ms, @connection_uid,
      @connection_address, @closed_reason)`,
  );
  const selectById = db.prepare<[string], ProposalRow>(`SELECT ${COLUMNS} FROM proposals WHERE id = ?`);
  const readById = db.prepare<{ now: number; id: string }, ProposalRow>(
    `SELECT ${READ_COLUMNS} FROM proposals WHERE id = @id`,
  );
  // rowid breaks ties between proposals made in the same millisecond: the later insert is the newer.
  const readAll = db.prepare<{ now: number }, ProposalRow>(
    `SELECT ${READ_COLUMNS} FROM proposals ORDER BY created_at DESC, rowid DESC`,
  );
  const updateOpen = db.prepare<[ProposalStatus, string | null, string | null, string], void>(
    "UPDATE proposals SET status = ?, operation_id = ?, closed_reason = ? WHERE id = ? AND status = 'open'",
  );

  // The check and the update run under one write lock (run .immediate()), so of two stores (or processes) claiming
  // the same proposal, the second sees the first one's result and finds it no longer open.
  const transition = db.transaction((id: string, next: (row: ProposalRow) => Step): ProposalTransition => {
    const row = selectById.get(id);
    if (row === undefined) return { kind: 'unknown' };
    if (row.status !== 'open') return { kind: 'not-open', proposal: toProposal(row) };
    const step: Step =
      row.expires_at_ms <= now() ? { status: 'expired', operationId: null, isDone: false, reason: null } : next(row);
    const changes = updateOpen.run(step.status, step.operationId, step.reason, id).changes;
    assert.equal(changes, 1, 'an open proposal read under the write lock is still open');
    const proposal = toProposal({
      ...row,
      status: step.status,
      operation_id: step.operationId,
      closed_reason: step.reason,
    });
    return step.isDone ? { kind: 'done', proposal } : { kind: 'not-open', proposal };
  });

  return {
    create(proposal) {
      const row = toRow(proposal, now());
      try {
        insert.run(row);
      } catch (error) {
        if (isRecord(error) && error.code === 'SQLITE_CONSTRAINT_PRIMARYKEY') throw proposalExists(proposal.id, error);
        throw error;
      }
      return toProposal(row);
    },
    list: () => readAll.all({ now: now() }).map(toProposal),
    get(id) {
      const row = readById.get({ now: now(), id });
      return row === undefined ? undefined : toProposal(row);
    },
    claim: (id, operationId, limitsRevision) =>
      transition.immediate(id, (row) =>
        row.policy_hash === limitsRevision
          ? { status: 'confirmed', operationId, isDone: true, reason: null }
          : { status: 'stale', operationId: null, isDone: false, reason: OTHER_LIMITS_REASON },
      ),
    cancel: (id) =>
      transition.immediate(id, () => ({ status: 'cancelled', operationId: null, isDone: true, reason: null })),
    close: (id, reason) =>
      transition.immediate(id, () => ({ status: 'stale', operationId: null, isDone: true, reason })),
    page: createPageQuery(db, now),
  };
}

/** The row of a new, open proposal made at `createdMs`. */
function toRow(proposal: NewProposal, createdMs: number): ProposalRow {
  const expiresAtMs = Date.parse(proposal.expiresAt);
  assert.ok(Number.isFinite(expiresAtMs), `a proposal expires at an ISO 8601 time, not '${proposal.expiresAt}'`);
  return {
    id: proposal.id,
    connection: proposal.connection,
    connection_uid: proposal.connectionId,
    connection_address: proposal.connectionAddress,
    tool: proposal.tool,
    domain: proposal.domain,
    service: proposal.service,
    entities: JSON.stringify(proposal.entities),
    data: JSON.stringify(proposal.data),
    service_class: proposal.serviceClass,
    policy_hash: proposal.limitsRevision,
    status: 'open',
    operation_id: null,
    created_at: new Date(createdMs).toISOString(),
    expires_at: proposal.expiresAt,
    expires_at_ms: expiresAtMs,
    closed_reason: null,
  };
}

function toProposal(row: ProposalRow): Proposal {
  return {
    id: row.id,
    connection: row.connection,
    connectionId: row.connection_uid,
    connectionAddress: row.connection_address,
    tool: row.tool,
    domain: row.domain,
    service: row.service,
    // The store wrote these columns itself, from the typed proposal.
    entities: JSON.parse(row.entities) as ProposalEntity[],
    data: JSON.parse(row.data) as Record<string, unknown>,
    serviceClass: row.service_class,
    limitsRevision: row.policy_hash,
    status: row.status,
    operationId: row.operation_id,
    createdAt: row.created_at,
    expiresAt: row.expires_at,
    closedReason: row.closed_reason,
  };
}

/** The error for a proposal id the store already has. */
function proposalExists(id: string, cause: unknown): HearthError {
  return new HearthError('PROPOSAL_EXISTS', `There is already a proposal ${id}`, { cause });
}

/** {@link ProposalStore.page} on `db`: one read (no write), one more row than shown to know whether a next page exists. */
function createPageQuery(db: HearthDatabase, now: () => number): ProposalStore['page'] {
  // The order of `list`; the cursor is a proposal id, placed by its (created_at, rowid) in that order. The status
  // filtered on is the one a read shows (an open proposal past its expiry is `expired`).
  const select = db.prepare<{ now: number; status: string; before: string | null; limit: number }, ProposalRow>(
    `SELECT * FROM (SELECT ${READ_COLUMNS}, rowid AS position FROM proposals)
      WHERE (@status = 'all' OR status = @status)
        AND (@before IS NULL OR (created_at, position) < (SELECT created_at, rowid FROM proposals WHERE id = @before))
      ORDER BY created_at DESC, position DESC LIMIT @limit`,
  );
  return (query) => {
    const rows = select.all({ now: now(), status: query.status, before: query.before ?? null, limit: query.limit + 1 });
    const shown = rows.slice(0, query.limit).map(toProposal);
    return { proposals: shown, next: rows.length > query.limit ? (shown.at(-1)?.id ?? null) : null };
  };
}
