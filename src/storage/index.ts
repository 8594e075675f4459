// hearth's data folder: its location, the secret key, the SQLite database with the saved Home Assistant connections,
// the journal and the proposals, the policy file and the running server's ownership file.
export { resolveDataDir, openDataDir, type DataDirOptions } from './data-dir.ts';
export { loadSecretKey, SECRET_KEY_ENV, SECRET_KEY_FILE, type SecretKeyOptions } from './secret-key.ts';
export { openSealingKey, type SealingKey, type SealingKeyOptions } from './sealing-key.ts';
export { createSecretBox, type SecretBox } from './secret-box.ts';
export { openDatabase, DATABASE_FILE, SCHEMA_VERSION, type HearthDatabase } from './database.ts';
export {
  createConnectionStore,
  checkConnectionName,
  type AddConnectionResult,
  type Connection,
  type ConnectionStore,
  type ConnectionStoreOptions,
  type NewConnection,
  type WriteMode,
} from './connection-store.ts';
export {
  createJournal,
  type Journal,
  type JournalEntry,
  type JournalOptions,
  type NewJournalEntry,
  type OperationState,
} from './journal.ts';
export {
  createProposalStore,
  type NewProposal,
  type Proposal,
  type ProposalEntity,
  type ProposalStatus,
  type ProposalStore,
  type ProposalStoreOptions,
  type ProposalTransition,
} from './proposal-store.ts';
export { readPolicyFile, writePolicyFile, POLICY_FILE, type PolicyFileRead } from './policy-file.ts';
export { createLimitsRecordStore, type LimitsRecord, type LimitsRecordStore } from './limits-record.ts';
export { claimOwnership, readOwner, releaseOwnership, SERVER_FILE, type ServerOwner } from './server-owner.ts';
export { sqliteFailure, withSqliteFailures } from './sqlite-failure.ts';
export { createDatabaseHealth, type DatabaseHealth } from './database-health.ts';
