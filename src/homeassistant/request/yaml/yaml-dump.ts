// A YAML emitter byte-compatible with PyYAML's `yaml.dump(..., default_flow_style=False, allow_unicode=True, sort_keys=False)` and HA's dumper.

import { floatRepr } from '../../../hassil/index.ts';
import { formatPyInt, PyFloat } from '../python/py-float.ts';
import type { PlainTag } from '../../../hassil/index.ts';
import { analyzeScalar, chooseScalarStyle, type YamlFlavor } from './yaml-scalar-style.ts';
import { writeDoubleQuoted, writeDoubleQuotedLibyaml } from './yaml-double-quoted.ts';
import {
  createYamlWriter,
  writeIndent,
  writeIndicator,
  writePlain,
  writeSingleQuoted,
  type YamlWriter,
} from './yaml-writer.ts';

/** A scalar as Python holds it: integral numbers are ints, other numbers and {@link PyFloat}s are floats. */
export type YamlScalar = string | number | boolean | null | PyFloat;

/** A mapping; plain objects keep insertion order except that integer-like keys come first (use a Map then). */
export type YamlMapping = { readonly [key: string]: YamlValue | undefined } | ReadonlyMap<string, YamlValue>;

/** Any value the emitter writes; `undefined` mapping values are skipped. */
export type YamlValue = YamlScalar | YamlMapping | readonly YamlValue[];

/** Options of {@link dumpYaml}. */
export interface YamlDumpOptions {
  /** Imitate PyYAML's `SafeDumper` (default) or libyaml's `CSafeDumper`, which HA uses when libyaml is installed. */
  flavor?: YamlFlavor;
}

/** The writer plus the flavor, threaded through the emitter. */
interface Emitter {
  w: YamlWriter;
  flavor: YamlFlavor;
}

/** Where a node sits, as PyYAML's `expect_node` flags it. */
interface NodeContext {
  /** The parent's indent; null at the document root. */
  indent: number | null;
  isRoot?: boolean;
  isMapping?: boolean;
  isSimpleKey?: boolean;
}

/** PyYAML's representer text and tag for a scalar. */
function representScalar(value: YamlScalar): { text: string; tag: PlainTag } {
  if (typeof value === 'string') return { text: value, tag: 'str' };
  if (value === null) return { text: 'null', tag: 'null' };
  if (typeof value === 'boolean') return { text: value ? 'true' : 'false', tag: 'bool' };
  if (typeof value === 'number' && Number.isInteger(value)) return { text: formatPyInt(value), tag: 'int' };
  return { text: representFloat(value instanceof PyFloat ? value.value : value), tag: 'float' };
}

/** `SafeRepresenter.represent_float`: `.nan`/`.inf`, else `repr()` lower-cased with `.0` before a bare exponent. */
function representFloat(value: number): string {
  if (Number.isNaN(value)) return '.nan';
  if (value === Infinity) return '.inf';
  if (value === -Infinity) return '-.inf';
  const text = floatRepr(value).toLowerCase();
  return !text.includes('.') && text.includes('e') ? text.replace('e', '.0e') : text;
}

/** Writes one scalar in the style PyYAML would choose. */
function emitScalar({ w, flavor }: Emitter, value: YamlScalar, context: NodeContext): void {
  const scalar = representScalar(value);
  const chars = [...scalar.text];
  const style = chooseScalarStyle(analyzeScalar(chars, flavor), scalar, context.isSimpleKey ?? false);
  const placement = { indent: context.indent === null ? 2 : context.indent + 2, split: !context.isSimpleKey };
  if (style === 'plain') {
    // libyaml 0.2.x does not close a root plain scalar with `...`.
    if (context.isRoot && flavor === 'pyyaml') w.openEnded = true;
    writePlain(w, chars, placement);
  } else if (style === 'single') writeSingleQuoted(w, chars, placement);
  else if (flavor === 'pyyaml') writeDoubleQuoted(w, chars, placement);
  else writeDoubleQuotedLibyaml(w, chars, placement);
}

/** The entries of a mapping in emission order, skipping undefined values. */
function entriesOf(mapping: YamlMapping): [string, YamlValue][] {
  const entries = mapping instanceof Map ? [...mapping.entries()] : Object.entries(mapping);
  return entries.filter((entry): entry is [string, YamlValue] => entry[1] !== undefined);
}

/** True when `key` is written as a simple key (`key: value`) rather than with `? `. */
function isSimpleKey(key: string, flavor: YamlFlavor): boolean {
  const analysis = analyzeScalar([...key], flavor);
  if (analysis.isMultiline) return false;
  // libyaml counts UTF-8 bytes and allows 128; PyYAML counts characters plus the tag `!!str`.
  if (flavor === 'libyaml') return Buffer.byteLength(key, 'utf8') <= 128;
  return [...key].length + 5 < 128 && !analysis.isEmpty;
}

/** Writes a block sequence (or `[]`). */
function emitSequence(e: Emitter, items: readonly YamlValue[], context: NodeContext): void {
  const { w } = e;
  if (items.length === 0) {
    writeIndicator(w, '[', true, { whitespace: true });
    writeIndicator(w, ']', false);
    return;
  }
  const isIndentless = (context.isMapping ?? false) && !w.indention;
  const indent = context.indent === null ? 0 : isIndentless ? context.indent : context.indent + 2;
  for (const item of items) {
    writeIndent(w, indent);
    writeIndicator(w, '-', true, { indention: true });
    emitNode(e, item, { indent });
  }
}

/** Writes a block mapping (or `{}`). */
function emitMapping(e: Emitter, mapping: YamlMapping, context: NodeContext): void {
  const { w } = e;
  const entries = entriesOf(mapping);
  if (entries.length === 0) {
    writeIndicator(w, '{', true, { whitespace: true });
    writeIndicator(w, '}', false);
    return;
  }
  const indent = context.indent === null ? 0 : context.indent + 2;
  for (const [key, value] of entries) {
    writeIndent(w, indent);
    if (isSimpleKey(key, e.flavor)) {
      emitNode(e, key, { indent, isMapping: true, isSimpleKey: true });
      writeIndicator(w, ':', false);
    } else {
      writeIndicator(w, '?', true, { indention: true });
      emitNode(e, key, { indent, isMapping: true });
      writeIndent(w, indent);
      writeIndicator(w, ':', true, { indention: true });
    }
    emitNode(e, value, { indent, isMapping: true });
  }
}

/** Writes any node. */
function emitNode(e: Emitter, value: YamlValue, context: NodeContext): void {
  if (Array.isArray(value)) emitSequence(e, value, context);
  else if (isMapping(value)) emitMapping(e, value, context);
  else emitScalar(e, value as YamlScalar, context);
}

/** True for a mapping value (a Map or a plain object that is not a {@link PyFloat}). */
function isMapping(value: YamlValue): value is YamlMapping {
  return (
    value instanceof Map ||
    (typeof value === 'object' && value !== null && !(value instanceof PyFloat) && !Array.isArray(value))
  );
}

/** PyYAML's `yaml.dump(data, default_flow_style=False, allow_unicode=True, sort_keys=False, Dumper=SafeDumper)` (or `CSafeDumper`). */
export function dumpYaml(data: YamlValue, options: YamlDumpOptions = {}): string {
  const w = createYamlWriter();
  emitNode({ w, flavor: options.flavor ?? 'pyyaml' }, data, { indent: null, isRoot: true });
  writeIndent(w, 0);
  if (w.openEnded) {
    writeIndicator(w, '...', true);
    writeIndent(w, 0);
  }
  return w.parts.join('');
}

/** Home Assistant's `yaml_util.dump`: {@link dumpYaml}, then every `": null\n"` becomes `":\n"`. */
export function dumpHaYaml(data: YamlValue, options: YamlDumpOptions = {}): string {
  return dumpYaml(data, options).replaceAll(': null\n', ':\n');
}
