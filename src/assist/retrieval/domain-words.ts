// The everyday words for each Home Assistant domain (added to entity documents), and what state and comfort words imply.

import { foldWords } from './terms.ts';

/**
 * Words people use for a domain's devices (a declarative table). Each word is folded and stemmed
 * like query words, so "lamps" meets "lamp".
 */
const DOMAIN_WORDS: Readonly<Record<string, readonly string[]>> = {
  light: ['light', 'lamp', 'lighting', 'bulb', 'strip', 'licht', 'lampe'],
  switch: ['switch', 'plug', 'outlet', 'socket'],
  fan: ['fan', 'ventilator'],
  cover: ['cover', 'blind', 'shade', 'curtain', 'shutter', 'awning', 'garage', 'gate', 'rollo'],
  climate: ['climate', 'thermostat', 'heating', 'heater', 'radiator', 'ac', 'hvac', 'heizung'],
  sensor: ['sensor', 'reading', 'measurement', 'meter', 'level'],
  binary_sensor: ['sensor', 'detector', 'contact'],
  lock: ['lock', 'deadbolt', 'schloss'],
  media_player: ['media', 'player', 'tv', 'television', 'telly', 'speaker', 'music', 'radio'],
  vacuum: ['vacuum', 'robot', 'hoover'],
  // Not "lawn": it is where one waters as much as what one mows.
  lawn_mower: ['mower'],
  todo: ['list', 'todo'],
  weather: ['weather', 'forecast', 'outside'],
  scene: ['scene', 'mood'],
  script: ['script', 'routine'],
  automation: ['automation'],
  valve: ['valve', 'tap'],
  water_heater: ['boiler', 'heater'],
  humidifier: ['humidifier', 'dehumidifier'],
  alarm_control_panel: ['alarm', 'security'],
  camera: ['camera', 'cam'],
  button: ['button'],
  siren: ['siren', 'alarm'],
  timer: ['timer'],
  person: ['person'],
};

/**
 * What a query word implies beyond itself (a declarative table): name words to look for and domains.
 * "warmer" is about temperature sensors and climate devices; "dim" is about lights. These are words for states,
 * comfort and what is played; the verbs of commands ("skip", "unlock", "mow") are the intent table's
 * `retrievalWords`, read by `intent-words.ts`.
 */
const CONCEPTS: readonly { words: readonly string[]; terms: readonly string[]; domains: readonly string[] }[] = [
  {
    words: [
      'warm',
      'warmer',
      'warmest',
      'cold',
      'colder',
      'hot',
      'hotter',
      'chilly',
      'freezing',
      'heat',
      'cool',
      'cooler',
      'cosy',
      'cozy',
      'comfortable',
      'comfort',
      'stuffy',
      'degree',
      'temperature',
    ],
    terms: ['temperature'],
    domains: ['climate'],
  },
  {
    words: ['humid', 'damp', 'muggy', 'dry', 'humidity', 'moisture'],
    terms: ['humidity'],
    domains: ['humidifier', 'weather'],
  },
  {
    words: [
      'dark',
      'darker',
      'gloomy',
      'bright',
      'brighter',
      'brighten',
      'dim',
      'dimmer',
      'brightness',
      'colour',
      'color',
      'see',
      'glare',
      'sun',
      'sunlight',
    ],
    terms: ['light', 'illuminance'],
    domains: ['light', 'cover'],
  },
  {
    words: [
      'mood',
      'soft',
      'softer',
      'relaxed',
      'relax',
      'relaxing',
      'ambience',
      'atmosphere',
      'romantic',
      'dinner',
      'movie',
      'reading',
      'nice',
    ],
    terms: [],
    domains: ['light'],
  },
  {
    words: ['air', 'airflow', 'steamy', 'stuffy', 'ventilate', 'ventilation', 'breeze', 'draft'],
    terms: [],
    domains: ['fan'],
  },
  { words: ['playing', 'song', 'track', 'playlist', 'album', 'episode'], terms: [], domains: ['media_player'] },
  { words: ['closed'], terms: ['door', 'window'], domains: ['cover'] },
  { words: ['locked', 'unlocked'], terms: [], domains: ['lock'] },
  {
    words: ['motion', 'movement', 'someone', 'anybody', 'occupied'],
    terms: ['motion', 'occupancy', 'presence'],
    domains: [],
  },
  {
    words: ['energy', 'power', 'electricity', 'consumption', 'watt', 'drawing'],
    terms: ['power', 'energy'],
    domains: ['switch'],
  },
  { words: ['leak', 'leaking', 'flood'], terms: ['leak', 'water'], domains: [] },
  { words: ['rain', 'raining', 'sunny', 'wind', 'windy', 'umbrella'], terms: [], domains: ['weather'] },
];

const FOLDED = new Map<string, string[]>(
  Object.entries(DOMAIN_WORDS).map(([domain, words]) => [domain, [...new Set(words.flatMap(foldWords))]]),
);

/** The folded everyday words of `domain` (its own name's words when the table has none). */
export function wordsOfDomain(domain: string): readonly string[] {
  return FOLDED.get(domain) ?? foldWords(domain);
}

/** The domains whose devices a folded query word names ("lamp" → light), or undefined for no device word. */
export function domainsNamedBy(word: string): readonly string[] | undefined {
  return DEVICE_WORDS.get(word);
}

/** What a folded query word implies: domains and name words. */
export interface WordCue {
  readonly domains: readonly string[];
  readonly terms: readonly string[];
}

/** What a folded state or comfort word implies ("warmer" → climate, temperature), or undefined. */
export function conceptOfWord(word: string): WordCue | undefined {
  return CONCEPT_CUES.get(word);
}

const DEVICE_WORDS = (() => {
  const domains = new Map<string, string[]>();
  for (const [domain, words] of FOLDED)
    for (const word of words) {
      const list = domains.get(word);
      if (list === undefined) domains.set(word, [domain]);
      else list.push(domain);
    }
  return domains;
})();

const CONCEPT_CUES = (() => {
  const cues = new Map<string, { domains: string[]; terms: string[] }>();
  for (const concept of CONCEPTS) {
    for (const word of concept.words.flatMap(foldWords)) {
      let cue = cues.get(word);
      if (cue === undefined) cues.set(word, (cue = { domains: [], terms: [] }));
      for (const domain of concept.domains) if (!cue.domains.includes(domain)) cue.domains.push(domain);
      for (const term of concept.terms.flatMap(foldWords))
        if (!cue.terms.includes(term) && term !== word) cue.terms.push(term);
    }
  }
  return cues;
})();
