// The serving process owns its data folder: it settles the calls a previous run left in flight, and says where it is.

import { claimOwnership, readOwner, releaseOwnership } from '../storage/index.ts';
import { HearthError } from '../common/index.ts';
import type { Journal } from '../tools/index.ts';

/** Written into every journal entry a previous run left `sending`. */
const LEFT_IN_FLIGHT =
  'hearth stopped while this call was being sent; Home Assistant may or may not have carried it out, and it is not retried';

/** The ownership of one data folder. */
export interface DataFolderOwner {
  /** Records the server's address, for `hearth policy set` and the other commands. */
  claim(url: string): void;
  release(): void;
}

/** Takes the data folder: refused while another live hearth serves it; then in-flight calls become `unknown`. */
export function ownDataFolder(dataDir: string, journal: Journal): DataFolderOwner {
  const other = readOwner(dataDir);
  if (other !== undefined && other.pid !== process.pid)
    throw new HearthError(
      'invalid_request',
      'DATA_DIR_IN_USE',
      `another hearth (process ${other.pid}, ${other.url}) serves the data folder ${dataDir}; stop it or set another data_dir`,
      { param: 'data_dir' },
    );
  journal.markInFlightUnknown(LEFT_IN_FLIGHT);
  return {
    claim: (url) => claimOwnership(dataDir, { url, pid: process.pid }),
    release: () => releaseOwnership(dataDir, process.pid),
  };
}
