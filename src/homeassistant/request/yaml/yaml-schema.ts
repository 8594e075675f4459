// The js-yaml schema that reads Home Assistant's YAML as PyYAML does: hassil's PyYAML resolver, floats as numbers.

import { createYaml11Schema, type YamlSchema } from '../../../hassil/index.ts';

/**
 * PyYAML's SafeLoader scalars for js-yaml: null, bool, int and float as its resolver tags them, every
 * other plain scalar a string. Timestamps stay strings: an entity's state is text to us.
 */
export const PYYAML_SCHEMA: YamlSchema = createYaml11Schema();
