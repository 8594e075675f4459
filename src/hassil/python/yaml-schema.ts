// PyYAML's SafeLoader scalars as a js-yaml schema: plain scalars typed by PyYAML's resolver (yaml-resolve.ts).

import yaml from 'js-yaml';
import { isPlainTag, type PlainTag, readYaml11Bool, readYaml11Number } from './yaml-resolve.ts';

/** A js-yaml schema. */
export type YamlSchema = yaml.Schema;

/** A js-yaml type for the plain scalars PyYAML's resolver gives `tag`. */
function plainType(tag: Exclude<PlainTag, 'str'>, construct: (text: string) => unknown): yaml.Type {
  return new yaml.Type(`tag:yaml.org,2002:${tag}`, {
    kind: 'scalar',
    resolve: (data: unknown) => typeof data === 'string' && isPlainTag(data, tag),
    construct: (data: string) => construct(data),
  });
}

/**
 * PyYAML's SafeLoader scalars for js-yaml: null, bool, int and float as its resolver tags them, every other plain
 * scalar a string (timestamps and merge keys too). `constructFloat` decides how floats are represented.
 */
export function createYaml11Schema(constructFloat: (text: string) => unknown = readYaml11Number): YamlSchema {
  return yaml.FAILSAFE_SCHEMA.extend({
    implicit: [
      plainType('null', () => null),
      plainType('bool', readYaml11Bool),
      plainType('int', readYaml11Number),
      plainType('float', constructFloat),
    ],
  });
}

/** PyYAML's plain-scalar resolution with floats as plain numbers. */
export const YAML11_SCHEMA: YamlSchema = createYaml11Schema();
