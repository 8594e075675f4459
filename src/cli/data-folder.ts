// Opens hearth's data folder: the folder itself (0700), the key that seals tokens, the database and its stores.

import { homedir } from 'node:os';
import {
  type ConnectionStore,
  type HearthDatabase,
  createConnectionStore,
  loadSecretKey,
  openDatabase,
  openDataDir,
  resolveDataDir,
  SECRET_KEY_ENV,
} from '../storage/index.ts';
import type { Config } from './config-schema.ts';

/** The open data folder. */
export interface DataFolder {
  /** Its path. */
  dir: string;
  connections: ConnectionStore;
  /** The open database (the journal and the proposals live in it too). */
  db: HearthDatabase;
  close(): void;
}

/** Opens (creating on first use) the data folder of `data_dir`, else the platform's per-user data directory. */
export function openDataFolder(config: Config, env: NodeJS.ProcessEnv): DataFolder {
  const platform = process.platform;
  const dir = resolveDataDir({ configured: config.data_dir, env, platform, homedir: homedir() });
  openDataDir(dir, platform);
  const key = loadSecretKey({ dataDir: dir, envValue: env[SECRET_KEY_ENV], platform });
  const db = openDatabase(dir);
  return { dir, db, connections: createConnectionStore({ db, key, now: Date.now }), close: () => db.close() };
}
