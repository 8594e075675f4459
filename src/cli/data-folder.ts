// Opens hearth's data folder: the folder itself (0700), the database, the key that seals tokens bound to it, the stores.

import { existsSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { writeDefaultLimits } from '../services/index.ts';
import {
  type ConnectionStore,
  createConnectionStore,
  createDatabaseHealth,
  type DatabaseHealth,
  type HearthDatabase,
  DATABASE_FILE,
  openDatabase,
  openDataDir,
  openSealingKey,
  resolveDataDir,
  SECRET_KEY_ENV,
  type SealingKey,
} from '../storage/index.ts';
import type { Config } from './config-schema.ts';

/** The open data folder. */
export interface DataFolder {
  /** Its path. */
  dir: string;
  connections: ConnectionStore;
  /** The open database (the journal and the proposals live in it too). */
  db: HearthDatabase;
  /** The key the connections' tokens are sealed with, checked at every use. */
  key: SealingKey;
  /** Whether the database can be written. */
  health: DatabaseHealth;
  close(): void;
}

/**
 * Opens (creating on first use) the data folder of `data_dir`, else the platform's per-user data directory. A key file
 * that is missing or replaced does not stop the opening: the connections fail at their first use, naming it.
 */
export function openDataFolder(config: Config, env: NodeJS.ProcessEnv): DataFolder {
  const platform = process.platform;
  const dir = resolveDataDir({ configured: config.data_dir, env, platform, homedir: homedir() });
  openDataDir(dir, platform);
  const isNew = !existsSync(join(dir, DATABASE_FILE));
  const db = openDatabase(dir);
  try {
    // Only a folder without a database is new: the one time the default limits are written (and recorded), whichever
    // command creates it; a policy.json missing from an existing folder stops the tools instead.
    if (isNew) writeDefaultLimits({ dataDir: dir, db });
    const key = openSealingKey({ db, dataDir: dir, envValue: env[SECRET_KEY_ENV], platform });
    const connections = createConnectionStore({ db, key: key.current, now: Date.now });
    return { dir, db, key, connections, health: createDatabaseHealth(db), close: () => db.close() };
  } catch (error) {
    db.close();
    throw error;
  }
}
