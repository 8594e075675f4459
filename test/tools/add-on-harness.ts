// The tool add-on in-process over a real data folder (SQLite, policy.json), with an injected clock and clients.

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  createConnectionAdmin,
  createToolConnections,
  type OpenReader,
  openLimitsFile,
  writeDefaultLimits,
} from '../../src/services/index.ts';
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
import { createChangeService, createToolGuard, type ProposalStore, recheckProposal } from '../../src/tools/index.ts';
import { createCountingIds, createFakeClock, type FakeClock } from '../fakes/clock/index.ts';

/** The add-on and what a test reaches into. */
export interface AddOnHarness {
  addOn: ToolAddOn;
  clock: FakeClock;
  dir: string;
  /** The database of every store (but the journal, with `journalOnOwnConnection`). */
  db: HearthDatabase;
  /** The journal's database: `db`, or a connection of its own that a test may break. */
  journalDb: HearthDatabase;
  /** The proposal store itself (the add-on's view of it only lists). */
  proposals: ProposalStore;
  close(): Promise<void>;
}

/** Builds the add-on on a fresh data folder; `openReader` makes each connection's client. */
export function createAddOnHarness(options: {
  openReader: OpenReader;
  startMs?: number;
  beforeSend?: (operationId: string) => void;
  /** The journal on a second connection to the same file (the fault tests break it, and only it). */
  journalOnOwnConnection?: boolean;
}): AddOnHarness {
  const dir = mkdtempSync(join(tmpdir(), 'hearth-add-on-'));
  openDataDir(dir, process.platform);
  const clock = createFakeClock(options.startMs);
  const ids = createCountingIds();
  const db = openDatabase(dir);
  const journalDb = options.journalOnOwnConnection ? openDatabase(dir) : db;
  const now = () => clock.now();
  const store = createConnectionStore({
    db,
    key: loadSecretKey({ dataDir: dir, envValue: undefined, platform: process.platform }),
    now,
  });
  const pool = createToolConnections({ store, openReader: options.openReader });
  writeDefaultLimits({ dataDir: dir, db });
  const limits = openLimitsFile({ dataDir: dir, db });
  const journal = createJournal({ db: journalDb, now });
  const proposals = createProposalStore({ db, now });
  const changes = createChangeService({
    journal,
    proposals,
    clock,
    ids,
    limits: limits.read,
    connection: pool.target,
    recheck: recheckProposal,
    atomically: (work) => db.transaction(work).immediate(),
    ...(options.beforeSend ? { beforeSend: options.beforeSend } : {}),
  });
  const addOn: ToolAddOn = {
    guard: createToolGuard({ connections: pool.current, limits: limits.read, changes, clock }),
    connections: createConnectionAdmin({
      store,
      openReader: options.openReader,
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
    clock,
    dir,
    db,
    journalDb,
    proposals,
    close: async () => {
      await pool.close();
      if (journalDb !== db && journalDb.open) journalDb.close();
      db.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
