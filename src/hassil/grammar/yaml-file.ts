// Reading one YAML file of the intents repository the way PyYAML's safe_load (YAML 1.1) reads it.
// The repository's own tools load it with PyYAML, so `on`/`yes` are booleans and `1_000` is a number.

import yaml from 'js-yaml';
import { HassilError } from '../errors.ts';

// The implicit resolvers of PyYAML's SafeLoader (resolver.py), minus timestamps and merge keys.
const BOOL = /^(?:yes|Yes|YES|no|No|NO|true|True|TRUE|false|False|FALSE|on|On|ON|off|Off|OFF)$/;
const TRUE = /^(?:yes|Yes|YES|true|True|TRUE|on|On|ON)$/;
const INT =
  /^(?:[-+]?0b[0-1_]+|[-+]?0[0-7_]+|[-+]?(?:0|[1-9][0-9_]*)|[-+]?0x[0-9a-fA-F_]+|[-+]?[1-9][0-9_]*(?::[0-5]?[0-9])+)$/;
const FLOAT =
  /^(?:[-+]?(?:[0-9][0-9_]*)\.[0-9_]*(?:[eE][-+][0-9]+)?|\.[0-9_]+(?:[eE][-+][0-9]+)?|[-+]?[0-9][0-9_]*(?::[0-5]?[0-9])+\.[0-9_]*|[-+]?\.(?:inf|Inf|INF)|\.(?:nan|NaN|NAN))$/;
const NULL = /^(?:~|null|Null|NULL|)$/;

/** Reads a YAML 1.1 int or float: underscores, sign, base prefixes and base-60 parts. */
export function readYaml11Number(text: string): number {
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

const scalar = (tag: string, pattern: RegExp, construct: (text: string) => unknown) =>
  new yaml.Type(`tag:yaml.org,2002:${tag}`, {
    kind: 'scalar',
    resolve: (data: unknown) => typeof data === 'string' && pattern.test(data),
    construct: (data: string) => construct(data),
  });

/** A js-yaml schema. */
export type YamlSchema = yaml.Schema;

/** Builds a PyYAML-like schema; `constructFloat` decides how floats are represented (a plain number by default). */
export function createYaml11Schema(constructFloat: (text: string) => unknown = readYaml11Number): yaml.Schema {
  return yaml.FAILSAFE_SCHEMA.extend({
    implicit: [
      scalar('null', NULL, () => null),
      scalar('bool', BOOL, (text) => TRUE.test(text)),
      scalar('int', INT, readYaml11Number),
      scalar('float', FLOAT, constructFloat),
    ],
  });
}

/** PyYAML's plain-scalar resolution: every other plain scalar is a string. */
export const YAML11_SCHEMA = createYaml11Schema();

/** Parses YAML text; a syntax error throws `INVALID_GRAMMAR` naming the file and line. */
export function loadYamlText(text: string, file: string, schema: YamlSchema = YAML11_SCHEMA): unknown {
  try {
    return yaml.load(text, { schema, filename: file });
  } catch (error) {
    if (!(error instanceof yaml.YAMLException)) throw error;
    // js-yaml gives no position when a file holds a second document; its start is where the file went wrong.
    const line = error.mark === undefined ? secondDocumentLine(text) : error.mark.line + 1;
    const location = line === undefined ? { file } : { file, line };
    throw new HassilError('INVALID_GRAMMAR', `invalid YAML: ${error.reason}`, location, error);
  }
}

/** The line (1-based) where a second document starts (a second `---`, or content after `...`), if the text has one. */
function secondDocumentLine(text: string): number | undefined {
  let started = false;
  let ended = false;
  for (const [index, line] of text.split(/\r\n|\r|\n/).entries()) {
    if (/^---(\s|$)/.test(line)) {
      if (started || ended) return index + 1;
      started = true;
    } else if (/^\.\.\.(\s|$)/.test(line)) {
      // `...` ends a document, an empty one too: whatever follows is another.
      ended = true;
    } else if (!/^\s*(#.*)?$/.test(line) && !line.startsWith('%')) {
      if (ended) return index + 1;
      started = true;
    }
  }
  return undefined;
}
