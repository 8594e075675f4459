// The configuration a command runs with: its --config file, else $HEARTH_CONFIG, else ./hearth.yaml, else the defaults.

import { definedProps } from '../common/index.ts';
import { type LoadedConfig, loadConfig } from './config.ts';
import { readFileIfPresent } from './read-file.ts';

/** Loads and validates the configuration of a command (with the HEARTH__* overrides of `env`). */
export function loadCommandConfig(command: { configPath?: string }, env: NodeJS.ProcessEnv): LoadedConfig {
  return loadConfig({ ...definedProps({ explicitPath: command.configPath }), env, readFile: readFileIfPresent });
}
