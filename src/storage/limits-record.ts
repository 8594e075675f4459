// The database's record of the folder's limits: whether they were created, and their revision, which only grows.
import type { HearthDatabase } from './database.ts';

/** The recorded revision of the limits and the hash of the text it was given to. */
export interface LimitsRecord {
  /** Starts at 1, and only grows. */
  revision: number;
  textHash: string;
}

/** The record of the limits in `db`; reading and advancing it run in one write transaction each. */
export interface LimitsRecordStore {
  /** The record, or undefined when the folder's limits were never recorded. */
  get(): LimitsRecord | undefined;
  /**
   * The revision of `textHash`: the recorded one when the text is the recorded one, else the next revision (the first
   * when there is no record), recorded now.
   */
  revisionOf(textHash: string): number;
  /** Records `textHash` under the next revision, whatever was recorded (a save); returns it. */
  next(textHash: string): number;
}

/** The limits record kept in the database `db`. */
export function createLimitsRecordStore(db: HearthDatabase): LimitsRecordStore {
  const select = db.prepare<[], { revision: number; text_hash: string }>(
    'SELECT revision, text_hash FROM limits_record WHERE id = 1',
  );
  const upsert = db.prepare<[number, string]>(
    `INSERT INTO limits_record (id, revision, text_hash) VALUES (1, ?, ?)
     ON CONFLICT (id) DO UPDATE SET revision = excluded.revision, text_hash = excluded.text_hash`,
  );
  const get = (): LimitsRecord | undefined => {
    const row = select.get();
    return row === undefined ? undefined : { revision: row.revision, textHash: row.text_hash };
  };
  // Immediate, so two processes seeing the same new text take one revision between them, never the same one twice.
  const advance = db.transaction((textHash: string, always: boolean): number => {
    const record = get();
    if (!always && record !== undefined && record.textHash === textHash) return record.revision;
    const revision = (record?.revision ?? 0) + 1;
    upsert.run(revision, textHash);
    return revision;
  });
  // A plain read first: the write lock is taken only when the text is new.
  const revisionOf = (textHash: string): number => {
    const record = get();
    return record !== undefined && record.textHash === textHash ? record.revision : advance.immediate(textHash, false);
  };
  return { get, revisionOf, next: (textHash) => advance.immediate(textHash, true) };
}
