// The js-yaml schema that reads Home Assistant's YAML as PyYAML does: plain scalars typed by PyYAML's resolver.

import yaml from 'js-yaml';
import { isPlainTag, type PlainTag } from './yaml-resolve.ts';

/**
 * Reads a YAML 1.1 int or float as PyYAML constructs it: underscores, sign, base prefixes, base-60 parts,
 * `.inf` and `.nan`.
 */
function readYaml11Number(text: string): number {
  const clean = text.replaceAll('_', '');
  const sign = clean.startsWith('-') ? -1 : 1;
  const body = clean.replace(/^[-+]/, '');
  if (body.includes(':')) return sign * body.split(':').reduce((total, part) => total * 60 + Number(part), 0);
  if (/^\.(inf|Inf|INF)$/.test(body)) return sign * Infinity;
  if (/^\.(nan|NaN|NAN)$/.test(body)) return Number.NaN;
  if (body.startsWith('0b')) return sign * parseInt(body.slice(2), 2);
  if (body.startsWith('0x')) return sign * parseInt(body.slice(2), 16);
  if (/^0[0-7]+$/.test(body)) return sign * parseInt(body.slice(1), 8);
  return sign * Number(body);
}

/** A js-yaml type for the plain scalars PyYAML's resolver gives `tag`. */
function plainType(tag: Exclude<PlainTag, 'str'>, construct: (text: string) => unknown): yaml.Type {
  return new yaml.Type(`tag:yaml.org,2002:${tag}`, {
    kind: 'scalar',
    resolve: (data: unknown) => typeof data === 'string' && isPlainTag(data, tag),
    construct: (data: string) => construct(data),
  });
}

/**
 * PyYAML's SafeLoader scalars for js-yaml: null, bool, int and float as its resolver tags them, every
 * other plain scalar a string. Timestamps stay strings: an entity's state is text to us.
 */
export const PYYAML_SCHEMA: yaml.Schema = yaml.FAILSAFE_SCHEMA.extend({
  implicit: [
    plainType('null', () => null),
    plainType('bool', (text) => /^(?:yes|Yes|YES|true|True|TRUE|on|On|ON)$/.test(text)),
    plainType('int', readYaml11Number),
    plainType('float', readYaml11Number),
  ],
});
