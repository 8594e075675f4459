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

const RESOLVER_BY_TAG = new Map(RESOLVERS.map((resolver) => [resolver.tag, resolver]));

/**
 * The tag PyYAML would resolve `text` to if it were written plain. Python's `$` also matches before a
 * final newline, which never matters here: text with a line break is never written plain.
 */
export function resolvePlainTag(text: string): PlainTag {
  for (const resolver of RESOLVERS) {
    if (isResolvedBy(resolver, text)) return resolver.tag;
  }
  return 'str';
}

/**
 * True when PyYAML resolves plain `text` to `tag`, for a reader that asks one tag at a time. The
 * patterns of different tags never match the same text, so asking in any order gives the tag above.
 */
export function isPlainTag(text: string, tag: Exclude<PlainTag, 'str'>): boolean {
  const resolver = RESOLVER_BY_TAG.get(tag);
  return resolver !== undefined && isResolvedBy(resolver, text);
}

/** PyYAML tries a resolver only when the text's first character is one it lists (the empty text: null only). */
function isResolvedBy(resolver: (typeof RESOLVERS)[number], text: string): boolean {
  const isCandidate = text === '' ? resolver.tag === 'null' : resolver.first.includes(text.charAt(0));
  return isCandidate && resolver.pattern.test(text);
}
