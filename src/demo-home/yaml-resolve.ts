// The YAML 1.1 implicit resolver of PyYAML: which tag a plain scalar with a given text would get.

/** A tag PyYAML's `Resolver` can give a plain scalar (`str` when no implicit resolver matches). */
export type PlainTag = 'str' | 'bool' | 'int' | 'float' | 'null' | 'timestamp' | 'merge' | 'value' | 'yaml';

// PyYAML's resolver.py patterns, written without the verbose flag (whitespace outside character
// classes is insignificant there, so `(?: ~ |null|…| )` means `~`, `null`, … or the empty string).
const RESOLVERS: readonly { tag: PlainTag; first: string; pattern: RegExp }[] = [
  {
    tag: 'bool',
    first: 'yYnNtTfFoO',
    pattern: /^(?:yes|Yes|YES|no|No|NO|true|True|TRUE|false|False|FALSE|on|On|ON|off|Off|OFF)$/,
  },
  {
    tag: 'float',
    first: '-+0123456789.',
    pattern:
      /^(?:[-+]?(?:[0-9][0-9_]*)\.[0-9_]*(?:[eE][-+][0-9]+)?|\.[0-9][0-9_]*(?:[eE][-+][0-9]+)?|[-+]?[0-9][0-9_]*(?::[0-5]?[0-9])+\.[0-9_]*|[-+]?\.(?:inf|Inf|INF)|\.(?:nan|NaN|NAN))$/,
  },
  {
    tag: 'int',
    first: '-+0123456789',
    pattern:
      /^(?:[-+]?0b[0-1_]+|[-+]?0[0-7_]+|[-+]?(?:0|[1-9][0-9_]*)|[-+]?0x[0-9a-fA-F_]+|[-+]?[1-9][0-9_]*(?::[0-5]?[0-9])+)$/,
  },
  { tag: 'merge', first: '<', pattern: /^(?:<<)$/ },
  { tag: 'null', first: '~nN', pattern: /^(?:~|null|Null|NULL|)$/ },
  {
    tag: 'timestamp',
    first: '0123456789',
    pattern:
      /^(?:[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]|[0-9][0-9][0-9][0-9]-[0-9][0-9]?-[0-9][0-9]?(?:[Tt]|[ \t]+)[0-9][0-9]?:[0-9][0-9]:[0-9][0-9](?:\.[0-9]*)?(?:[ \t]*(?:Z|[-+][0-9][0-9]?(?::[0-9][0-9])?))?)$/,
  },
  { tag: 'value', first: '=', pattern: /^(?:=)$/ },
  { tag: 'yaml', first: '!&*', pattern: /^(?:!|&|\*)$/ },
];

/**
 * The tag PyYAML would resolve `text` to if it were written plain. Python's `$` also matches before a
 * final newline, which never matters here: text with a line break is never written plain.
 */
export function resolvePlainTag(text: string): PlainTag {
  const first = text.charAt(0);
  for (const resolver of RESOLVERS) {
    const isCandidate = text === '' ? resolver.tag === 'null' : resolver.first.includes(first);
    if (isCandidate && resolver.pattern.test(text)) return resolver.tag;
  }
  return 'str';
}
