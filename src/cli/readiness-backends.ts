// The backends /readyz checks: each enabled model of the configuration, by its public name.

import type { ReadinessBackend } from '../services/index.ts';
import type { Config } from './config-schema.ts';
import { enabledModels } from './config-checks.ts';

/** Each enabled model's public name with how its backend is reached. */
export function readinessBackends(config: Config): ReadinessBackend[] {
  return [...enabledModels(config)].map(([key, name]) => ({ ...config.models[key]!, name }));
}
