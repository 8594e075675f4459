// The journal of service calls in hearth's database: each call is written, durably, before it is sent.
import assert from 'node:assert/strict';
import { HearthError, isRecord } from '../common/index.ts';
import type { Journal, JournalEntry, OperationState } from '../tools/index.ts';
import type { HearthDatabase } from './database.ts';
import { isProcessAlive } from './process-alive.ts';
import { sqliteFailure } from './sqlite-failure.ts';

export type { Journal, JournalEntry, OperationState };

/** What {@link Journal.begin} writes: the call, before it is sent. */
export type NewJournalEntry = Omit<JournalEntry, 'state' | 'detail' | 'createdAt' | 'finishedAt'>;

/** What {@link createJournal} works with. */
export interface JournalOptions {
  /** An open, migrated database from `openDatabase` (WAL, synchronous FULL). */
  db: HearthDatabase;
  /** The current time in milliseconds since the epoch, for `createdAt` and `finishedAt`. */
  now: () => number;
  /** The process id recorded with each call it begins (default: this process's). */
  pid?: number;
}

/** A row of the `operations` table. */
interface OperationRow {
  operation_id: string;
  connection: string;
  domain: string;
  service: string;
  entity_ids: string;
  data: string;
  proposal_id: string | null;
  state: OperationState;
  detail: string;
  created_at: string;
  finished_at: string | null;
}

type InsertParams = [string, string, string, string, string, string, string | null, string, number];

const COLUMNS =
  'operation_id, connection, domain, service, entity_ids, data, proposal_id, state, detail, created_at, finished_at';

/** SQLite's `synchronous = FULL`: every commit syncs the WAL to disk. */
const SYNCHRONOUS_FULL = 2;

/** The journal on `db`; several journals (and processes) may share one database file. */
export function createJournal(options: JournalOptions): Journal {
  const { db, now } = options;
  const pid = options.pid ?? process.pid;
  // The journal promises that a begun call survives a crash or power loss; with less than FULL, it might not.
  assert.equal(db.pragma('synchronous', { simple: true }), SYNCHRONOUS_FULL, 'the journal needs synchronous = FULL');
  const insert = db.prepare<InsertParams, void>(
    `INSERT INTO operations (operation_id, connection, domain, service, entity_ids, data, proposal_id, state, created_at, pid)
     VALUES (?, ?, ?, ?, ?, ?, ?, 'sending', ?, ?)`,
  );
  const updateSending = db.prepare<[OperationState, string, string, string], void>(
    "UPDATE operations SET state = ?, detail = ?, finished_at = ? WHERE operation_id = ? AND state = 'sending'",
  );
  const selectSending = db.prepare<[], { operation_id: string; pid: number | null }>(
    "SELECT operation_id, pid FROM operations WHERE state = 'sending'",
  );
  const markUnknown = db.prepare<[string, string, string], void>(
    "UPDATE operations SET state = 'unknown', detail = ?, finished_at = ? WHERE operation_id = ? AND state = 'sending'",
  );
  const selectById = db.prepare<[string], OperationRow>(`SELECT ${COLUMNS} FROM operations WHERE operation_id = ?`);
  // rowid breaks ties between entries begun in the same millisecond: the later insert is the newer.
  const selectRecent = db.prepare<[number], OperationRow>(
    `SELECT ${COLUMNS} FROM operations ORDER BY created_at DESC, rowid DESC LIMIT ?`,
  );
  const isoNow = () => new Date(now()).toISOString();

  return {
    // Outside a transaction the entry is durable when this returns. Inside one (a confirmation claims its proposal in
    // the same transaction) it is durable when that commits, which the caller does before sending.
    begin(entry) {
      const { operationId, connection, domain, service, entityIds, data, proposalId } = entry;
      const [entityIdsJson, dataJson] = [JSON.stringify(entityIds), JSON.stringify(data)];
      try {
        // One statement outside a transaction commits on its own; synchronous FULL makes it durable on return.
        insert.run(
          operationId,
          connection,
          domain,
          service,
          entityIdsJson,
          dataJson,
          proposalId ?? null,
          isoNow(),
          pid,
        );
      } catch (error) {
        if (isRecord(error) && error.code === 'SQLITE_CONSTRAINT_PRIMARYKEY') throw operationExists(operationId, error);
        // Read only, full, closed: the call cannot be recorded, so it must not be sent.
        throw new HearthError(
          'JOURNAL_UNWRITABLE',
          `hearth could not record the call in its journal, so it was not sent: ${error instanceof Error ? error.message : String(error)}`,
          { cause: error },
        );
      }
    },
    finish(operationId, state, detail) {
      try {
        return updateSending.run(state, detail, isoNow(), operationId).changes > 0;
      } catch (error) {
        // The call has left: the caller keeps the outcome and writes it once the journal can be written again.
        const failure = sqliteFailure(error, db.name);
        const message = `hearth could not record the outcome of operation ${operationId} in its journal: ${failure.message}`;
        throw new HearthError('JOURNAL_UNWRITABLE', message, { cause: error });
      }
    },
    markInFlightUnknown(detail) {
      // Only the calls of processes that are gone: another hearth process may be sending one right now.
      const orphaned = selectSending.all().filter((row) => row.pid === null || !isProcessAlive(row.pid));
      return db.transaction(() =>
        orphaned.reduce((count, row) => count + markUnknown.run(detail, isoNow(), row.operation_id).changes, 0),
      )();
    },
    get(operationId) {
      const row = selectById.get(operationId);
      return row === undefined ? undefined : toEntry(row);
    },
    recent(limit) {
      assert.ok(Number.isSafeInteger(limit) && limit >= 0, 'the journal lists a whole, non-negative number of entries');
      return selectRecent.all(limit).map(toEntry);
    },
  };
}

function toEntry(row: OperationRow): JournalEntry {
  return {
    operationId: row.operation_id,
    connection: row.connection,
    domain: row.domain,
    service: row.service,
    // The journal wrote these columns itself, from the typed entry.
    entityIds: JSON.parse(row.entity_ids) as string[],
    data: JSON.parse(row.data) as Record<string, unknown>,
    proposalId: row.proposal_id,
    state: row.state,
    detail: row.detail,
    createdAt: row.created_at,
    finishedAt: row.finished_at,
  };
}

/** The error for an operation id the journal already has: the call it names may have been sent. */
function operationExists(operationId: string, cause: unknown): HearthError {
  const message = `The journal already has an operation ${operationId}; a call is journaled (and sent) only once`;
  return new HearthError('OPERATION_EXISTS', message, { cause });
}
