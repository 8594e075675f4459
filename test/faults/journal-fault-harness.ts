// The tool add-on of test/tools/add-on-harness.ts, with its journal on a connection of its own that a test can break:
// read only, full, or closed. Everything else (connections, proposals, policy.json) stays on a working connection.

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createConnectionAdmin, type OpenReader } from '../../src/cli/connection-admin.ts';
import { openLimitsFile } from '../../src/cli/limits-file.ts';
import { createToolConnections } from '../../src/cli/tool-connections.ts';
import type { ToolAddOn } from '../../src/server/index.ts';
import {
  createConnectionStore,
  createJournal,
  createProposalStore,
  type HearthDatabase,
  loadSecretKey,
  openDatabase,
  openDataDir,
} from '../../src/storage/index.ts';
import { createChangeService, createToolGuard } from '../../src/tools/index.ts';
import { createCountingIds, createFakeClock } from '../fakes/clock/index.ts';

/** How the journal's database connection fails from the moment it is broken. */
export type JournalFault = 'read-only' | 'full' | 'closed';

/** The add-on, and the switch that breaks its journal. */
export interface JournalFaultHarness {
  addOn: ToolAddOn;
  /** The database the stores besides the journal use, for checking what was (not) written. */
  db: HearthDatabase;
  /** The proposal store itself (the add-on's view of it only lists). */
  proposals: ReturnType<typeof createProposalStore>;
  /** From now on every journal write fails as `fault` says. */
  breakJournal(fault: JournalFault): void;
  close(): Promise<void>;
}

/** Builds the add-on on a fresh data folder, as the tool add-on harness does. */
export function createJournalFaultHarness(openReader: OpenReader): JournalFaultHarness {
  const dir = mkdtempSync(join(tmpdir(), 'hearth-journal-fault-'));
  openDataDir(dir, process.platform);
  const clock = createFakeClock();
  const ids = createCountingIds();
  const now = () => clock.now();
  const db = openDatabase(dir);
  const journalDb = openDatabase(dir);
  const store = createConnectionStore({
    db,
    key: loadSecretKey({ dataDir: dir, envValue: undefined, platform: process.platform }),
    now,
  });
  const pool = createToolConnections({ store, openReader });
  const limits = openLimitsFile(dir);
  const journal = createJournal({ db: journalDb, now });
  const proposals = createProposalStore({ db, now });
  // As cli/tool-add-on.ts wires it: a confirmation's claim and journal entry in one transaction of the main database.
  const changes = createChangeService({
    journal,
    proposals,
    clock,
    ids,
    limits: limits.read,
    connection: pool.target,
    atomically: (work) => db.transaction(work).immediate(),
  });
  const addOn: ToolAddOn = {
    guard: createToolGuard({ connections: pool.current, limits: limits.read, changes, clock }),
    connections: createConnectionAdmin({
      store,
      openReader,
      resolve: async () => ['192.168.1.10'],
      onChange: pool.forget,
    }),
    changes,
    limits,
    proposals,
    journal,
    serverInfo: { name: 'hearth', version: 'test' },
  };
  return {
    addOn,
    db,
    proposals,
    breakJournal: (fault) => breakConnection(journalDb, fault),
    close: async () => {
      await pool.close();
      if (journalDb.open) journalDb.close();
      db.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

function breakConnection(journalDb: HearthDatabase, fault: JournalFault): void {
  switch (fault) {
    case 'read-only':
      // SQLite refuses every change on this connection with SQLITE_READONLY, as on a read-only file or mount.
      journalDb.pragma('query_only = ON');
      return;
    case 'full':
      fill(journalDb);
      return;
    case 'closed':
      journalDb.close();
      return;
  }
}

/**
 * Caps the database at its current size (SQLite answers SQLITE_FULL past it, as on a full disk), then fills the free
 * room of the operations table and its indexes with finished entries smaller in every column than any call hearth
 * journals: once one of them no longer fits, no call does.
 */
function fill(journalDb: HearthDatabase): void {
  // With no free page to reuse, no table or index can grow past the page it has: each is one page, full or not.
  if (Number(journalDb.pragma('freelist_count', { simple: true })) !== 0)
    throw new Error('the database has free pages');
  const pages = Number(journalDb.pragma('page_count', { simple: true }));
  journalDb.pragma(`max_page_count = ${pages}`);
  const insert = journalDb.prepare(
    `INSERT INTO operations (operation_id, connection, domain, service, entity_ids, data, state, created_at)
     VALUES (?, '', '', '', '[]', '{}', 'done', '2000-01-01T00:00:00.000Z')`,
  );
  for (let count = 0; count < 100_000; count++) {
    try {
      insert.run(count.toString(36));
    } catch (error) {
      if ((error as { code?: string }).code === 'SQLITE_FULL') return;
      throw error;
    }
  }
  throw new Error('the database never filled up');
}
