// Whether a process is still running: the data folder's owner and the journal's senders are told apart by it.

import { isRecord } from '../common/index.ts';

/** Whether process `pid` exists; signal 0 checks without sending anything (EPERM: it runs, as another user). */
export function isProcessAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return isRecord(error) && error.code === 'EPERM';
  }
}
