// Entity ids from friendly names, roughly as HA's `slugify` makes them.

/** Transliterations `NFKD` does not handle. */
const SPECIAL_LETTERS: Readonly<Record<string, string>> = {
  ß: 'ss',
  ø: 'o',
  Ø: 'o',
  æ: 'ae',
  Æ: 'ae',
  œ: 'oe',
  Œ: 'oe',
  ł: 'l',
  Ł: 'l',
};

/** A slug of `text`: ASCII letters and digits joined by single underscores (`Küche Licht` → `kuche_licht`). */
export function slugify(text: string): string {
  const ascii = [...text]
    .map((ch) => SPECIAL_LETTERS[ch] ?? ch)
    .join('')
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '');
  return ascii
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '');
}

/** A new entity id `domain.slug` for `name`, numbered (`_2`, `_3`, …) when `taken` already holds it. */
export function makeEntityId(domain: string, name: string, taken: ReadonlySet<string>): string {
  const base = `${domain}.${slugify(name) || 'entity'}`;
  let candidate = base;
  for (let number = 2; taken.has(candidate); number += 1) candidate = `${base}_${number}`;
  return candidate;
}
