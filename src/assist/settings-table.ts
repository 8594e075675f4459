// HA-Assist's settings, one row each: the configuration key, the field it sets, its type, range and default, and its documentation (a declarative table).

/** What every row says besides its type: where the value goes and how it is documented. */
interface SettingBase {
  /** Where the value goes in `AssistSettings`, dot-separated inside a step's group (`retrieval.entities`). */
  readonly field: string;
  /** The README's Configuration cell (`npm run docs:settings`); `{range}` stands for the allowed range. */
  readonly doc: string;
  /** The comment beside the key in hearth.example.yaml; `{range}` as in `doc`. */
  readonly comment: string;
}

/** A whole number from `min` to `max`. */
interface IntSetting extends SettingBase {
  readonly kind: 'int';
  readonly min: number;
  readonly max: number;
  readonly default: number;
}

/** A number from `min` to `max`, in `unit` when it has one (named in the validation message). */
interface NumberSetting extends SettingBase {
  readonly kind: 'number';
  readonly min: number;
  readonly max: number;
  readonly unit?: string;
  readonly default: number;
}

/** On or off. */
interface BooleanSetting extends SettingBase {
  readonly kind: 'boolean';
  readonly default: boolean;
}

/** The name of an enabled model, or none; `example` is what hearth.example.yaml shows. */
interface ModelSetting extends SettingBase {
  readonly kind: 'model';
  readonly default: null;
  readonly example: string;
}

/** One HA-Assist setting. */
export type SettingRow = IntSetting | NumberSetting | BooleanSetting | ModelSetting;

/**
 * Every `settings.ha_assist_*` key, in the order the README and hearth.example.yaml list them. The schema, the
 * defaults, the `AssistSettings` type and the documentation are derived from these rows; adding a setting is one
 * row here plus the code that reads its field.
 */
export const ASSIST_SETTING_ROWS = {
  ha_assist_text_model: {
    kind: 'model',
    field: 'textModel',
    default: null,
    example: 'gemma-4-E2B-it',
    doc: 'the enabled model for text turns that need generation',
    comment: 'an enabled model below; answers text turns that need a model',
  },
  ha_assist_vision_model: {
    kind: 'model',
    field: 'visionModel',
    default: null,
    example: 'Qwen2-VL-2B-Instruct',
    doc: 'the enabled model for image turns',
    comment: 'an enabled model below; answers image turns',
  },
  ha_assist_verify_attempts: {
    kind: 'int',
    field: 'verifyAttempts',
    min: 0,
    max: 10,
    default: 2,
    doc: '{range} state reads after a light/switch action; 0 turns verification off',
    comment: '{range} GetLiveContext reads after a light/switch action; 0 = off',
  },
  ha_assist_verify_delay: {
    kind: 'number',
    field: 'verifyDelaySeconds',
    min: 0,
    max: 30,
    unit: 'seconds',
    default: 0.5,
    doc: '{range} seconds before each verification read',
    comment: '{range} seconds before each verification read',
  },
  ha_assist_confirm_sensitive: {
    kind: 'boolean',
    field: 'confirmSensitive',
    default: true,
    doc: "unlocking a lock, opening a garage, gate or door cover (or one with no class whose name says so), opening a gas valve (or one with no class whose name does not say water), working a switch or button named for a lock, garage, gate or door opener, and disarming an alarm panel wait for a person's yes; `false` sends them at once (at your own risk)",
    comment: 'unlocking, opening doors/gates/valves, disarming wait for a yes',
  },
  ha_assist_confirm_timeout: {
    kind: 'number',
    field: 'confirmTimeoutSeconds',
    min: 5,
    max: 600,
    unit: 'seconds',
    default: 60,
    doc: '{range} seconds in which a confirmation question can be answered',
    comment: '{range} seconds a confirmation question stays answerable',
  },
  ha_assist_repair_threshold: {
    kind: 'number',
    field: 'repair.fuzzy.threshold',
    min: 0.5,
    max: 1,
    default: 0.82,
    doc: '{range}: how similar (letters and Damerau-Levenshtein edits) a misspelt name must be to the catalogue name it is repaired to',
    comment: '{range} similarity a misspelt name needs to be repaired',
  },
  ha_assist_repair_margin: {
    kind: 'number',
    field: 'repair.fuzzy.margin',
    min: 0,
    max: 0.5,
    default: 0.05,
    doc: '{range}: how far that name must be ahead of the next closest; closer names are refused, never guessed',
    comment: '{range} lead over the next closest name',
  },
  ha_assist_repair_max_edits: {
    kind: 'int',
    field: 'repair.fuzzy.maxEdits',
    min: 0,
    max: 5,
    default: 3,
    doc: '{range} character edits at most in a repaired name (and one per four letters); 0 turns name repair off',
    comment: '{range} character edits in a repaired name; 0 = name repair off',
  },
  ha_assist_skeleton_max_distance: {
    kind: 'int',
    field: 'repair.skeleton.maxDistance',
    min: 0,
    max: 4,
    default: 2,
    doc: '{range} word edits at most in a repaired sentence frame (and one per three words); 0 turns it off',
    comment: '{range} word edits in a repaired sentence; 0 = sentence repair off',
  },
  ha_assist_retrieval_entities: {
    kind: 'int',
    field: 'retrieval.entities',
    min: 1,
    max: 200,
    default: 16,
    doc: '{range} entities at most in a model prompt',
    comment: '{range} entities at most in a model prompt',
  },
  ha_assist_retrieval_tools: {
    kind: 'int',
    field: 'retrieval.tools',
    min: 0,
    max: 64,
    default: 8,
    doc: '{range} tools at most offered to the model, besides those the conversation needs',
    comment: '{range} tools at most offered to the model (plus those the conversation needs)',
  },
  ha_assist_semantic_weight: {
    kind: 'number',
    field: 'retrieval.semanticWeight',
    min: 0,
    max: 1,
    default: 0.5,
    doc: '{range}: weight of embedding similarity against word matches, with `embeddings`',
    comment: '{range} weight of embedding similarity, when embeddings is set',
  },
  ha_assist_max_deterministic_chars: {
    kind: 'int',
    field: 'limits.maxChars',
    min: 20,
    max: 10_000,
    default: 500,
    doc: '{range}: a longer user message skips recognition and repair and goes to the text model (see *Limits*)',
    comment: '{range}: longer user messages skip recognition and repair and go to the model (400 without one)',
  },
  ha_assist_max_deterministic_entities: {
    kind: 'int',
    field: 'limits.maxEntities',
    min: 10,
    max: 100_000,
    default: 10_000,
    doc: '{range}: a home with more entities skips recognition and repair and goes to the text model (see *Limits*)',
    comment: '{range}: larger homes skip recognition and repair and go to the model (400 without one)',
  },
  ha_assist_max_yaml_depth: {
    kind: 'int',
    field: 'limits.yaml.maxDepth',
    min: 4,
    max: 256,
    default: 32,
    doc: "{range}: the deepest nesting of a client's entity YAML (Static Context, Live Context), aliases expanded; deeper is a 400 (see *Limits*)",
    comment: "{range} levels of a client's entity YAML, aliases expanded; deeper is a 400",
  },
  ha_assist_max_yaml_expansion: {
    kind: 'int',
    field: 'limits.yaml.maxExpansion',
    min: 1_000,
    max: 10_000_000,
    default: 100_000,
    doc: "{range}: how far aliases may grow a client's entity YAML beyond twice its length (nodes plus characters); more is a 400 (see *Limits*)",
    comment: '{range} nodes+characters aliases may add beyond 2x the text; more is a 400',
  },
  ha_assist_max_deterministic_ms: {
    kind: 'int',
    field: 'limits.maxMs',
    min: 1,
    max: 60_000,
    default: 1000,
    doc: '{range} milliseconds the deterministic attempt may spend before repair is given up and the turn goes to the model (see *Limits*)',
    comment: '{range} ms for the deterministic attempt; then repair is given up',
  },
} as const satisfies Record<`ha_assist_${string}`, SettingRow>;
