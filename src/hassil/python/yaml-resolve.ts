// PyYAML's YAML 1.1 implicit resolver, the one copy in hearth: which tag a plain scalar gets, and its bool and
// number values as PyYAML's SafeConstructor builds them. Checked against PyYAML in test/data/python-formats/.

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

/** PyYAML's `construct_yaml_bool` for a text resolved as `bool`. */
export function readYaml11Bool(text: string): boolean {
  return /^(?:yes|true|on)$/i.test(text);
}

/**
 * PyYAML's `construct_yaml_int` and `construct_yaml_float` for a text resolved as `int` or `float`: underscores,
 * sign, `0b`/`0x`/leading-zero octal, base-60 parts, `.inf` and `.nan`. Ints beyond 2^53 lose precision.
 */
export function readYaml11Number(text: string): number {
  const clean = text.replaceAll('_', '');
  const value = readUnsigned(clean.replace(/^[-+]/, '')) * (clean.startsWith('-') ? -1 : 1);
  // Every float form has a point and no int form does; Python ints have no negative zero (`-0` is the int 0).
  return clean.includes('.') ? value : value + 0;
}

/** The magnitude of an int or float text without its sign and underscores. */
function readUnsigned(body: string): number {
  if (body.includes(':')) return body.split(':').reduce((total, part) => total * 60 + Number(part), 0);
  if (/^\.inf$/i.test(body)) return Infinity;
  if (/^\.nan$/i.test(body)) return Number.NaN;
  if (body.startsWith('0b')) return parseInt(body.slice(2), 2);
  if (body.startsWith('0x')) return parseInt(body.slice(2), 16);
  if (/^0[0-7]+$/.test(body)) return parseInt(body.slice(1), 8);
  return Number(body);
}
