// hearth's data folder: its location, the secret key, the SQLite database and the saved Home Assistant connections.
export { resolveDataDir, openDataDir, type DataDirOptions } from './data-dir.ts';
export { loadSecretKey, SECRET_KEY_ENV, SECRET_KEY_FILE, type SecretKeyOptions } from './secret-key.ts';
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
} from './connection-store.ts';
