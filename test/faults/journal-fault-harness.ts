// The tool add-on of test/tools/add-on-harness.ts, with its journal on a connection of its own that a test can break:
// read only, full, or closed. Everything else (connections, proposals, policy.json) stays on a working connection.

import type { OpenReader } from '../../src/services/index.ts';
import type { ToolAddOn } from '../../src/server/index.ts';
import type { HearthDatabase } from '../../src/storage/index.ts';
import type { ProposalStore } from '../../src/tools/index.ts';
import { createAddOnHarness } from '../tools/add-on-harness.ts';

/** How the journal's database connection fails from the moment it is broken. */
export type JournalFault = 'read-only' | 'full' | 'closed';

/** The add-on, and the switch that breaks its journal. */
export interface JournalFaultHarness {
  addOn: ToolAddOn;
  /** The database the stores besides the journal use, for checking what was (not) written. */
  db: HearthDatabase;
  /** The proposal store itself (the add-on's view of it only lists). */
  proposals: ProposalStore;
  /** From now on every journal write fails as `fault` says. */
  breakJournal(fault: JournalFault): void;
  close(): Promise<void>;
}

/** The tool add-on harness with the journal on a connection of its own, and the switch that breaks it. */
export function createJournalFaultHarness(openReader: OpenReader): JournalFaultHarness {
  const harness = createAddOnHarness({ openReader, journalOnOwnConnection: true });
  return {
    addOn: harness.addOn,
    db: harness.db,
    proposals: harness.proposals,
    breakJournal: (fault) => breakConnection(harness.journalDb, fault),
    close: harness.close,
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
      // The journal's connection is this harness's own (hearth's journal shares the proposals' connection). Where the
      // journal is written inside a transaction of the other connection (a confirmation's claim), it cannot take the
      // write lock that connection holds and fails as locked, as the refusal says ("database is locked"): at once,
      // instead of after hearth's 5 s busy timeout of waiting for a lock that this process itself holds.
      journalDb.pragma('busy_timeout = 0');
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
