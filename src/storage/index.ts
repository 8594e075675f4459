// hearth's data folder: its location, the secret key, the SQLite database with the saved Home Assistant connections,
// the journal and the proposals, the policy file and the running server's ownership file.
export { resolveDataDir, openDataDir, type DataDirOptions } from './data-dir.ts';
export { loadSecretKey, SECRET_KEY_ENV, SECRET_KEY_FILE } from './secret-key.ts';
export { openSealingKey, type SealingKey } from './sealing-key.ts';
export { createSecretBox } from './secret-box.ts';
export { openDatabase, DATABASE_FILE, SCHEMA_VERSION, type HearthDatabase } from './database.ts';
export { createConnectionStore, checkConnectionName, type ConnectionStore } from './connection-store.ts';
export { createJournal, type Journal, type NewJournalEntry } from './journal.ts';
export { createProposalStore, type NewProposal, type ProposalStore } from './proposal-store.ts';
export { readPolicyFile, writePolicyFile, POLICY_FILE } from './policy-file.ts';
export { createLimitsRecordStore } from './limits-record.ts';
export { claimOwnership, readOwner, releaseOwnership, SERVER_FILE } from './server-owner.ts';
export { sqliteFailure, withSqliteFailures } from './sqlite-failure.ts';
export { createDatabaseHealth, type DatabaseHealth } from './database-health.ts';
