// The word rule of partial names: a spoken name fits an entity when all its words appear, in order, in the
// entity's name or one of its aliases (compared word by word, without case or punctuation; the spoken name's articles
// are left out).

import type { CatalogEntity, EntityCatalog } from '../../understand/index.ts';

/** Articles a spoken name may carry that no name needs, per language (others have none listed). */
const ARTICLES: Readonly<Record<string, ReadonlySet<string>>> = {
  en: new Set(['the', 'a', 'an']),
  de: new Set(['der', 'die', 'das', 'den', 'dem', 'des', 'ein', 'eine', 'einen', 'einem', 'einer']),
};

/** The words of a name: lower case, NFC, split at anything that is no letter or digit. */
export function nameWords(text: string): string[] {
  return text
    .normalize('NFC')
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter((word) => word !== '');
}

/** The words of a spoken name in `language`: a name's words without the language's articles ("the desk lamp"). */
export function spokenWords(text: string, language: string): string[] {
  const articles = ARTICLES[language];
  return nameWords(text).filter((word) => articles === undefined || !articles.has(word));
}

/** True when every word of `spoken` appears in `name`, in the same order (other words may come between). */
export function containsInOrder(name: readonly string[], spoken: readonly string[]): boolean {
  if (spoken.length === 0) return false;
  let at = 0;
  for (const word of name) {
    if (word === spoken[at]) at++;
    if (at === spoken.length) return true;
  }
  return false;
}

/** An entity a spoken name fits, and the name or alias of it that the words were found in. */
export interface NameFit {
  readonly entity: CatalogEntity;
  /** The entity's name, or the alias the words were found in when the name lacks them. */
  readonly text: string;
}

/** The catalogue's names by their words, built once per catalogue. */
export interface NameWordsIndex {
  /** The entities whose name or an alias contains all of `spoken`'s words in order, once each, in catalogue order. */
  fitting(spoken: readonly string[]): NameFit[];
}

/** The name-words index of `catalog`'s entities (an empty one without a catalogue). */
export function createNameWordsIndex(catalog: EntityCatalog | undefined): NameWordsIndex {
  const named = (catalog?.entities ?? []).map((entity) => ({
    entity,
    texts: [entity.name, ...entity.aliases].map((text) => ({ text, words: nameWords(text) })),
  }));
  return {
    fitting(spoken) {
      return named.flatMap(({ entity, texts }) => {
        // Several names of one device are one fit: its name when the words are in it, else the first alias.
        const found = texts.find((item) => containsInOrder(item.words, spoken));
        return found === undefined ? [] : [{ entity, text: found.text }];
      });
    },
  };
}
