// The serving process owns its data folder and says where it listens, for the commands that change the limits.

import { claimOwnership, readOwner, releaseOwnership } from '../storage/index.ts';
import { HearthError } from '../common/index.ts';

/** The ownership of one data folder. */
export interface DataFolderOwner {
  /** Records the server's address, for `hearth policy set` and the other commands. */
  claim(url: string): void;
  release(): void;
}

/** Takes the data folder: refused while another live hearth serves it. */
export function ownDataFolder(dataDir: string): DataFolderOwner {
  const other = readOwner(dataDir);
  if (other !== undefined && other.pid !== process.pid)
    throw new HearthError(
      'DATA_DIR_IN_USE',
      `another hearth (process ${other.pid}, ${other.url}) serves the data folder ${dataDir}; stop it or set another data_dir`,
      { param: 'data_dir' },
    );
  return {
    claim: (url) => claimOwnership(dataDir, { url, pid: process.pid }),
    release: () => releaseOwnership(dataDir, process.pid),
  };
}
