// Whether a script of the add-on is the program node runs, rather than a module a test imports.
import { realpathSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** True when the module at `moduleUrl` (its `import.meta.url`) is the script node was started with. */
export function isMain(moduleUrl) {
  const script = process.argv[1];
  if (script === undefined) return false;
  try {
    return realpathSync(script) === realpathSync(fileURLToPath(moduleUrl));
  } catch {
    return false;
  }
}
