// The facts of a sentence: read once per turn, shared by the deterministic path and the gate.
export { readSentenceFacts, unreadSentenceFacts, type NamedTarget, type SentenceFacts } from './sentence-facts.ts';
export type { SpokenNumber } from './spoken-numbers.ts';
export { factsWordsFor, type FactsWords } from './facts-words.ts';
export { readDevicesSaid, saysAllWithoutHome } from './devices-said.ts';
