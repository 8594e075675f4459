// hearth's data folder: where it is on each platform, and opening it private to the user.
import { chmodSync, mkdirSync, statSync, type Stats } from 'node:fs';
import { posix, win32 } from 'node:path';
import { HearthError, isRecord } from '../common/index.ts';

/** The folder hearth keeps inside the platform's user data directory. */
const APP_FOLDER = 'hearth';

/** The permission bits of the data folder: the user alone may list, read and write it. */
const PRIVATE_FOLDER_MODE = 0o700;

/** Permission bits that give the group or other users any access. */
const SHARED_BITS = 0o077;

/** What {@link resolveDataDir} needs to know about the configuration and the machine. */
export interface DataDirOptions {
  /** `data_dir` from the configuration; absent, null or empty means the platform default. A leading `~` is `homedir`. */
  configured?: string | null;
  /** The process environment; only `XDG_DATA_HOME` (Linux and other Unixes) and `LOCALAPPDATA` (Windows) are read. */
  env: Readonly<Record<string, string | undefined>>;
  /** The platform, spelled as `process.platform` spells it. */
  platform: NodeJS.Platform;
  /** The user's home folder, as `os.homedir()` returns it. */
  homedir: string;
}

/** The data folder's path: the configured one, else the platform's per-user data directory plus `hearth`. */
export function resolveDataDir(options: DataDirOptions): string {
  const { configured, env, platform, homedir } = options;
  const path = platform === 'win32' ? win32 : posix;
  if (configured != null && configured !== '') return expandHome(configured, homedir, path);
  if (platform === 'win32') {
    const local = env.LOCALAPPDATA;
    return win32.join(local && win32.isAbsolute(local) ? local : win32.join(homedir, 'AppData', 'Local'), APP_FOLDER);
  }
  if (platform === 'darwin') return posix.join(homedir, 'Library', 'Application Support', APP_FOLDER);
  // The XDG Base Directory spec: an unset or empty XDG_DATA_HOME means ~/.local/share, and a relative one is invalid
  // and ignored (https://specifications.freedesktop.org/basedir-spec/latest/).
  const xdg = env.XDG_DATA_HOME;
  return posix.join(xdg && posix.isAbsolute(xdg) ? xdg : posix.join(homedir, '.local', 'share'), APP_FOLDER);
}

/** `~` and `~/…` (also `~\…` on Windows) relative to the home folder; any other path as written. */
function expandHome(configured: string, homedir: string, path: typeof posix): string {
  if (configured === '~') return homedir;
  const isHomeRelative = configured.startsWith('~/') || (path === win32 && configured.startsWith('~\\'));
  return isHomeRelative ? path.join(homedir, configured.slice(2)) : configured;
}

/** Creates the data folder (and its parents) with mode 0700 if absent, or checks it and tightens it to 0700. */
export function openDataDir(path: string, platform: NodeJS.Platform): void {
  const stats = statIfPresent(path);
  if (stats === undefined) {
    // The XDG spec asks for 0700 on directories created for the user's data, parents included.
    try {
      mkdirSync(path, { recursive: true, mode: PRIVATE_FOLDER_MODE });
    } catch (error) {
      throw dataDirError(`${path} cannot be created`, error);
    }
    return;
  }
  if (!stats.isDirectory()) throw dataDirError(`${path} exists and is not a folder`);
  // The folder holds the key file and the database with the sealed tokens: a folder others can read lets them copy
  // the database (and the key, should its own mode ever be loosened), so it is made private like ~/.ssh. Windows has
  // no such mode bits (Node reports every folder as 0777 there); its folders under the profile are private already.
  if (platform !== 'win32' && (stats.mode & SHARED_BITS) !== 0) {
    try {
      chmodSync(path, PRIVATE_FOLDER_MODE);
    } catch (error) {
      throw dataDirError(`${path} is open to other users and cannot be made private (chmod 700)`, error);
    }
  }
}

/** The folder's stats, or undefined when nothing is at `path`. */
function statIfPresent(path: string): Stats | undefined {
  try {
    return statSync(path);
  } catch (error) {
    if (isRecord(error) && error.code === 'ENOENT') return undefined;
    throw dataDirError(`${path} cannot be read`, error);
  }
}

/** The error for a data folder hearth cannot use, about the `data_dir` setting. */
function dataDirError(problem: string, cause?: unknown): HearthError {
  const message = `hearth's data folder ${problem}; set data_dir in the configuration to another folder`;
  return new HearthError('DATA_DIR_INVALID', message, { param: 'data_dir', cause });
}
