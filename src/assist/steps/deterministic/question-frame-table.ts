// The question frames of each language beyond the grammar's sentences, as data: the fillers a question may carry,
// the sentences it is said the grammar's way, and the choice questions ("is the radio playing or paused") with the
// states each kind of device can be asked about. A declarative table (it may be long).

/** A question said another way: when `pattern` matches the whole sentence, each of `to` is the grammar's sentence. */
export interface RewriteFrame {
  /** What the frame is, as diagnostics and tests name it. */
  readonly name: string;
  readonly pattern: RegExp;
  /** Replacement strings (`$<group>`); several when the grammar may say it more than one way. */
  readonly to: readonly string[];
}

/**
 * A choice question: the pattern's `subject` group is the device ("the kitchen radio", "it" for the weather), its
 * `choices` group the states offered, split by the language's `choiceJoin`; a `verb` group is one more choice said
 * as a verb before the subject ("läuft das Radio oder ist es pausiert").
 */
export interface ChoiceFrame {
  readonly name: string;
  readonly pattern: RegExp;
  /** A question about one state, said as a verb ("läuft das Radio"): answered yes or no, with the state. */
  readonly isYesNo?: boolean;
}

/** The state words a choice question may offer for one kind of device, each with the state it means. */
export interface KindStates {
  /** Domains, or `binary_sensor:<device class>` (`binary_sensor:` for one without a class). */
  readonly kinds: readonly string[];
  /** A word as said (lower case) → Home Assistant's state. */
  readonly words: Readonly<Record<string, string>>;
}

/** One language's frames. */
export interface LanguageFrames {
  /** Words that do not change what a state question asks ("right now", "gerade"), as template alternatives. */
  readonly fillers: readonly string[];
  readonly rewrites: readonly RewriteFrame[];
  readonly choices: readonly ChoiceFrame[];
  /** What separates the choices: "A, B or C", "A or is it B". */
  readonly choiceJoin: RegExp;
  /** The subject words that mean the weather ("it", "es"). */
  readonly weatherSubject: RegExp;
  /** The grammar's sentences that name the subject of a choice question (the first choice word given). */
  identify(subject: string, choice: string): readonly string[];
  /** The grammar's sentence that asks about the weather. */
  readonly weatherQuestion: string;
  readonly kindStates: readonly KindStates[];
  /** Weather conditions a choice question may offer (their meaning does not matter: the answer is the condition). */
  readonly weatherWords: ReadonlySet<string>;
}

const ON_OFF_KINDS = ['light', 'switch', 'fan', 'input_boolean'];
const OPENING_CLASSES = ['window', 'door', 'opening', 'garage_door'].map((kind) => `binary_sensor:${kind}`);

/** A name of up to six words after "the" (or a possessive "'s"), as a non-greedy group. */
const THING = "(?<thing>(?:the |my )?[\\p{L}\\p{N}][\\p{L}\\p{N}' -]*?)";
const WHAT_IS = "(?:what is|what's|whats|tell me)";
/** The words a question starts with: a sentence that starts with one is no name said alone. */
const QUESTION_WORD = '(?:what|whats|how|which|who|tell|can|could|do|does|is|are)(?![\\p{L}\\p{N}])';

const ENGLISH: LanguageFrames = {
  // "or not" is a yes-or-no question's tag ("is the porch light on or not").
  fillers: [
    'currently',
    'right now',
    'at the moment',
    'at present',
    'presently',
    'just now',
    'now',
    'still',
    'please',
    'or not',
  ],
  rewrites: [
    // "what is the hall sensor battery level", "what's the hall sensor's battery": the grammar asks "… of the X".
    {
      name: 'battery-possessive',
      pattern: new RegExp(
        `^${WHAT_IS} ${THING}(?:'s|s')? battery(?: (?:level|charge|percentage))?(?: (?:at|like))?$`,
        'iu',
      ),
      to: ['what is the battery level of $<thing>'],
    },
    {
      name: 'battery-how-full',
      pattern: new RegExp(`^how (?:full|charged) is ${THING}(?:'s|s')? battery$`, 'iu'),
      to: ['what is the battery level of $<thing>'],
    },
    // "what's the bedroom thermostat's temperature": the grammar asks "the temperature of the X".
    {
      name: 'temperature-possessive',
      pattern: new RegExp(`^${WHAT_IS} ${THING}(?:'s|s') (?:current )?temperature$`, 'iu'),
      to: ['what is the temperature of $<thing>'],
    },
    // "what is the humidity of the kitchen sensor": a reading named after its device ("Kitchen Sensor Humidity").
    {
      name: 'reading-of-device',
      pattern: new RegExp(
        `^${WHAT_IS} the (?<reading>humidity|pressure|power|energy|illuminance|co2|voltage) (?:of|on|from) ${THING}$`,
        'iu',
      ),
      to: ['what is $<thing> $<reading>'],
    },
    // "what temperature is it in the bedroom", "how warm is the bedroom": the temperature of an area.
    {
      name: 'temperature-in-place',
      pattern:
        /^(?:what temperature is it|what's the temperature like|what is the temperature like) (?<place>in (?:the )?[\p{L}\p{N} ]+)$/iu,
      to: ['what is the temperature $<place>'],
    },
    {
      name: 'temperature-of-place',
      pattern: /^(?:what is|what's|whats) the temperature (?:of|for) (?<place>the [\p{L}\p{N} ]+)$/iu,
      to: ['what is the temperature in $<place>'],
    },
    {
      name: 'how-warm-place',
      pattern: /^how (?:warm|hot|cold|cool) is (?:it in )?(?<place>the [\p{L}\p{N} ]+)$/iu,
      to: ['what is the temperature in $<place>'],
    },
    // "can you tell me if the porch light is on", "do you know whether the garage door is open".
    {
      name: 'tell-me-if',
      pattern:
        /^(?:(?:can|could) you )?(?:tell me|check|let me know|do you know|find out)(?: for me)?,? (?:if|whether) (?<subject>.+?) (?<verb>is|are) (?<rest>.+)$/iu,
      to: ['$<verb> $<subject> $<rest>'],
    },
    // "can you tell me what the hall sensor battery level is".
    {
      name: 'tell-me-what',
      pattern: /^(?:(?:can|could) you )?(?:tell me|do you know) what (?<subject>.+) is$/iu,
      to: ['what is $<subject>'],
    },
    // "tell me how warm it is in the office": the question's own order.
    {
      name: 'tell-me-how',
      pattern: /^(?:(?:can|could) you )?(?:tell me|do you know),? (?<how>how \p{L}+) it is (?<rest>.+)$/iu,
      to: ['$<how> is it $<rest>'],
    },
    // "do you know how many lights are on", "tell me which windows are open".
    {
      name: 'tell-me-question',
      pattern: /^(?:(?:can|could) you )?(?:tell me|do you know),? (?<question>(?:how many|which) .+)$/iu,
      to: ['$<question>'],
    },
    // "the hall sensor battery level": the question said as what it asks for.
    {
      name: 'battery-level-alone',
      pattern: new RegExp(`^(?!${QUESTION_WORD})${THING}(?:'s|s')? battery (?:level|charge|percentage)$`, 'iu'),
      to: ['what is the battery level of $<thing>'],
    },
    // "what is the kitchen radio doing": its state.
    {
      name: 'what-is-it-doing',
      pattern: /^(?:what is|what's|whats) (?<thing>.+?) doing$/iu,
      to: ['what is the state of $<thing>'],
    },
  ],
  choices: [
    {
      name: 'is-a-or-b',
      pattern:
        /^(?:is|are) (?<subject>.+?) (?<choices>\p{L}+(?:, \p{L}+)*(?:,? or (?:is (?:it|he|she) |are they )?(?!not$)\p{L}+)+)$/iu,
    },
  ],
  choiceJoin:
    /\s*,\s*(?:or\s+)?(?:is\s+(?:it|he|she)\s+|are\s+they\s+)?|\s+or\s+(?:is\s+(?:it|he|she)\s+|are\s+they\s+)?/iu,
  weatherSubject: /^it$/iu,
  identify: (subject, choice) => [`what is the state of ${subject}`, `is ${subject} ${choice}`],
  weatherQuestion: 'what is the weather',
  kindStates: [
    { kinds: ON_OFF_KINDS, words: { on: 'on', off: 'off' } },
    {
      kinds: ['media_player'],
      words: {
        playing: 'playing',
        paused: 'paused',
        idle: 'idle',
        stopped: 'idle',
        off: 'off',
        on: 'on',
        standby: 'standby',
        buffering: 'buffering',
      },
    },
    {
      kinds: ['cover', 'valve'],
      words: { open: 'open', closed: 'closed', shut: 'closed', opening: 'opening', closing: 'closing' },
    },
    { kinds: ['lock'], words: { locked: 'locked', unlocked: 'unlocked', open: 'open', jammed: 'jammed' } },
    { kinds: OPENING_CLASSES, words: { open: 'on', closed: 'off', shut: 'off' } },
    { kinds: ['binary_sensor:battery'], words: { low: 'on', normal: 'off', ok: 'off', okay: 'off', fine: 'off' } },
    { kinds: ['binary_sensor:moisture'], words: { wet: 'on', dry: 'off' } },
    { kinds: ['binary_sensor:'], words: { on: 'on', off: 'off' } },
  ],
  weatherWords: new Set([
    'sunny',
    'clear',
    'cloudy',
    'overcast',
    'rainy',
    'raining',
    'pouring',
    'snowy',
    'snowing',
    'windy',
    'foggy',
    'misty',
    'stormy',
    'hailing',
  ]),
};

/** "vom Flursensor", "von der Garage", "des Flursensors": the German ways to say "of". */
const VON = '(?:von dem|von der|vom|von|des|der)';

const GERMAN: LanguageFrames = {
  fillers: [
    'gerade',
    'momentan',
    'derzeit',
    'zurzeit',
    'aktuell',
    'jetzt',
    'im moment',
    'im augenblick',
    'noch',
    'eigentlich',
    'bitte',
    'oder nicht',
  ],
  rewrites: [
    // "wie hoch ist der Batteriestand vom Flursensor": its battery sensor, named after the device.
    {
      name: 'battery-of',
      pattern: new RegExp(
        `^(?:(?:wie hoch|wie voll|wie viel|was|wie) ist (?:der|die) )?(?:batteriestand|batterieladung|batterie|akkustand|akku|ladestand) ${VON} (?<thing>[\\p{L}\\p{N}][\\p{L}\\p{N} -]*?)$`,
        'iu',
      ),
      to: ['wie ist der Wert von $<thing> Batterie', 'wie ist der Wert von $<thing> Batteriestand'],
    },
    // "was ist die Temperatur im Büro": the grammar asks "wie".
    {
      name: 'was-ist',
      pattern: /^was ist (?<rest>(?:die temperatur|das wetter|der zustand|der status|der wert) .+|das wetter)$/iu,
      to: ['wie ist $<rest>'],
    },
    // "was zeigt der Badsensor Feuchtigkeit an": the reading of the device named.
    {
      name: 'was-zeigt',
      pattern: /^was (?:zeigt|sagt|meldet) (?<thing>[\p{L}\p{N}][\p{L}\p{N} -]*?)(?: an)?$/iu,
      to: ['wie ist $<thing>'],
    },
    // "welche Temperatur hat es im Büro", "wie viel Grad sind es im Büro".
    {
      name: 'temperature-in-place',
      pattern:
        /^(?:welche temperatur (?:hat es|ist es|herrscht|ist)|wie ?viel grad (?:hat es|sind es|haben wir)) (?<place>(?:im|in der|in dem) [\p{L}\p{N} ]+)$/iu,
      to: ['wie warm ist es $<place>'],
    },
    // "weißt du, ob das Licht in der Küche an ist": the verb comes first in the grammar's question.
    {
      name: 'tell-me-if',
      pattern:
        /^(?:weißt du|weisst du|sag mir|kannst du mir sagen|kannst du nachsehen|schau mal),? ob (?<rest>.+) (?<verb>ist|sind)$/iu,
      to: ['$<verb> $<rest>'],
    },
    // "kannst du mir sagen, wie warm es im Büro ist": the question's own order.
    {
      name: 'tell-me-wie',
      pattern:
        /^(?:weißt du|weisst du|sag mir|kannst du mir sagen),? (?<how>wie viele \p{L}+|wie \p{L}+|welche \p{L}+) (?<rest>.+) (?<verb>ist|sind)$/iu,
      to: ['$<how> $<verb> $<rest>'],
    },
    // "was macht das Radio": its state.
    { name: 'was-macht', pattern: /^was macht (?<thing>.+)$/iu, to: ['wie ist $<thing>'] },
  ],
  choices: [
    {
      name: 'ist-a-oder-b',
      pattern:
        /^(?:ist|sind|steht) (?<subject>.+?) (?<choices>\p{L}+(?:, \p{L}+)*(?:,? oder (?:ist (?:er|sie|es) |sind sie )?(?!nicht$)\p{L}+)+)$/iu,
    },
    {
      name: 'verb-oder-ist',
      pattern:
        /^(?<verb>läuft|spielt|regnet|schneit) (?<subject>.+?) oder (?:ist (?:er|sie|es) )?(?<choices>\p{L}+)$/iu,
    },
    // "läuft das Radio", "spielt der Fernseher": Home Assistant's German grammar asks no media player's state.
    { name: 'läuft-x', pattern: /^(?<verb>läuft|spielt) (?<subject>(?:der|die|das) .+)$/iu, isYesNo: true },
  ],
  choiceJoin:
    /\s*,\s*(?:oder\s+)?(?:ist\s+(?:er|sie|es)\s+|sind\s+sie\s+)?|\s+oder\s+(?:ist\s+(?:er|sie|es)\s+|sind\s+sie\s+)?/iu,
  weatherSubject: /^es$/iu,
  identify: (subject, choice) => [`wie ist ${subject}`, `ist ${subject} ${choice}`],
  weatherQuestion: 'wie ist das Wetter',
  kindStates: [
    {
      kinds: ON_OFF_KINDS,
      words: { an: 'on', ein: 'on', eingeschaltet: 'on', aus: 'off', ausgeschaltet: 'off' },
    },
    {
      kinds: ['media_player'],
      words: {
        läuft: 'playing',
        spielt: 'playing',
        pausiert: 'paused',
        angehalten: 'paused',
        gestoppt: 'idle',
        untätig: 'idle',
        aus: 'off',
        an: 'on',
        ein: 'on',
      },
    },
    { kinds: ['cover', 'valve'], words: { offen: 'open', auf: 'open', geschlossen: 'closed', zu: 'closed' } },
    {
      kinds: ['lock'],
      words: {
        abgeschlossen: 'locked',
        zugeschlossen: 'locked',
        verriegelt: 'locked',
        aufgeschlossen: 'unlocked',
        entriegelt: 'unlocked',
        offen: 'open',
      },
    },
    { kinds: OPENING_CLASSES, words: { offen: 'on', auf: 'on', geschlossen: 'off', zu: 'off' } },
    { kinds: ['binary_sensor:battery'], words: { schwach: 'on', leer: 'on', normal: 'off', voll: 'off' } },
    { kinds: ['binary_sensor:moisture'], words: { nass: 'on', trocken: 'off' } },
    { kinds: ['binary_sensor:'], words: { an: 'on', aus: 'off' } },
  ],
  weatherWords: new Set([
    'sonnig',
    'klar',
    'bewölkt',
    'wolkig',
    'bedeckt',
    'regnerisch',
    'regnet',
    'neblig',
    'windig',
    'stürmisch',
    'verschneit',
    'schneit',
  ]),
};

const FRAMES: Readonly<Record<string, LanguageFrames>> = { en: ENGLISH, de: GERMAN };

/** The frames of `language` ("de", "de-CH"), or undefined for a language without them. */
export function questionFramesFor(language: string): LanguageFrames | undefined {
  const primary = language.toLowerCase().split(/[-_]/u)[0]!;
  return Object.hasOwn(FRAMES, primary) ? FRAMES[primary] : undefined;
}
