// What a grammar compiles lazily and keeps: each template's prefilter pattern and each range's number words.

import { foldCase } from '../text/case-fold.ts';
import { spellNumber } from '../number-words/index.ts';
import { compileSkipWords, type SkipWords } from '../text/normalize.ts';
import { compilePattern, type TemplatePattern } from './prefilter.ts';
import type { GrammarCache } from '../grammar/intents-model.ts';
import { createSentenceIndex, type SentenceIndex } from './sentence-index.ts';
import { rangeNumbers, type RangeSlotList } from '../grammar/slot-lists.ts';
import { createTrie, type Trie } from './trie.ts';
import type { Sentence } from '../expression.ts';

/** An empty cache. */
export function createGrammarCache(): GrammarCache {
  const patterns = new WeakMap<Sentence, TemplatePattern>();
  const numberWords = new WeakMap<RangeSlotList, Map<string, Trie<number> | undefined>>();
  const skipWords = new Map<string, SkipWords>();
  let sentenceIndex: SentenceIndex | undefined;
  return {
    possibleBlocks(intents, foldedTexts, listOccurs) {
      sentenceIndex ??= createSentenceIndex(intents);
      return sentenceIndex.possible(foldedTexts, listOccurs);
    },
    skipWords(words) {
      const key = words.join('\u0000');
      let compiled = skipWords.get(key);
      if (compiled === undefined) {
        compiled = compileSkipWords(words);
        // Callers pass a handful of distinct lists; keep the cache from growing without bound all the same.
        if (skipWords.size >= 64) skipWords.clear();
        skipWords.set(key, compiled);
      }
      return compiled;
    },
    pattern(sentence, rules, intent) {
      let pattern = patterns.get(sentence);
      if (pattern === undefined) {
        pattern = compilePattern(sentence, rules, { intent, template: sentence.text });
        patterns.set(sentence, pattern);
      }
      return pattern;
    },
    numberWords(list, language) {
      let byLanguage = numberWords.get(list);
      if (byLanguage === undefined) {
        byLanguage = new Map();
        numberWords.set(list, byLanguage);
      }
      if (!byLanguage.has(language)) byLanguage.set(language, buildNumberWords(list, language));
      return byLanguage.get(language);
    },
  };
}

function buildNumberWords(list: RangeSlotList, language: string): Trie<number> | undefined {
  const trie = createTrie<number>();
  let hasWords = false;
  for (const number of rangeNumbers(list)) {
    for (const words of spellNumber(language, number)) {
      trie.insert(foldCase(words), number);
      hasWords = true;
    }
  }
  return hasWords ? trie : undefined;
}
