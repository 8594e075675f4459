// The GetLiveContext tool result HA returns for a home: the overview YAML with state and attributes, as JSON.

import { overviewItems } from '../entities/exposed-entities.ts';
import type { Home } from '../entities/home-model.ts';
import { OVERVIEW_HEADER } from '../prompt/prompt-text.ts';
import { pyJsonDumps } from '../python/py-json.ts';
import { dumpHaYaml } from '../yaml/yaml-dump.ts';
import type { YamlFlavor } from '../yaml/yaml-scalar-style.ts';

/** The live-context text: `Live Context: An overview …:\n` and the YAML with `state` and `attributes`. */
export function renderLiveContextText(home: Home, options: { yamlFlavor?: YamlFlavor } = {}): string {
  const yaml = dumpHaYaml(overviewItems(home, { includeState: true }), { flavor: options.yamlFlavor ?? 'pyyaml' });
  return `Live Context: ${OVERVIEW_HEADER}\n${yaml}`;
}

/** The `tool` message content after a GetLiveContext call: `{"success": true, "result": "Live Context: …"}` via `json.dumps`. */
export function renderLiveContext(home: Home, options: { yamlFlavor?: YamlFlavor } = {}): string {
  return pyJsonDumps({ success: true, result: renderLiveContextText(home, options) });
}
