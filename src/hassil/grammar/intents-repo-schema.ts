// The file formats of the OHF-Voice/intents repository (intents.yaml, sentence, list, rule, response files) as zod schemas.

import { z } from 'zod';

const DomainsByImportanceSchema = z.record(z.string(), z.array(z.string()));

/** One slot combination in intents.yaml. */
export const SlotCombinationSchema = z.looseObject({
  slots: z.array(z.string()).optional(),
  importance: z.string().optional(),
  /** The area comes from the satellite's context (`requires_context: {area: {slot: true}}`). */
  context_area: z.boolean().optional(),
  /** Allowed `{name}` domains by importance. */
  name_domains: DomainsByImportanceSchema.optional(),
  /** Domains a sentence block may infer, by importance. */
  inferred_domains: DomainsByImportanceSchema.optional(),
  /** Named domain lists a block's `name_domains: "<group>"` refers to. */
  name_domain_groups: z.record(z.string(), z.array(z.string())).optional(),
  wildcard_slots: z.array(z.string()).optional(),
});

/** intents.yaml: every intent with its slot combinations, in file order. */
export const IntentsFileSchema = z.record(
  z.string(),
  z.looseObject({
    supported: z.boolean().optional(),
    domain: z.string().optional(),
    slot_combinations: z.record(z.string(), SlotCombinationSchema),
  }),
);

/** One block of `sentences/<lang>/<Intent>/<combo>.yaml`. */
export const SentenceBlockSchema = z.looseObject({
  sentences: z.array(z.string()),
  response: z.string().optional(),
  /** A list of domains, or the name of a group in the combination's `name_domain_groups`. */
  name_domains: z.union([z.array(z.string()), z.string()]).optional(),
  inferred_domain: z.string().optional(),
  speech_to_phrase: z.boolean().optional(),
  slots: z.record(z.string(), z.unknown()).optional(),
  requires_context: z.record(z.string(), z.unknown()).optional(),
  metadata: z.record(z.string(), z.unknown()).optional(),
});

/** A sentence file: `data` holds the blocks. */
export const SentenceFileSchema = z.looseObject({
  language: z.string().optional(),
  data: z.array(SentenceBlockSchema),
});

/** `sentences/<lang>/_common.yaml`: language-level settings, skip words and error responses. */
export const CommonFileSchema = z.looseObject({
  language: z.string().optional(),
  skip_words: z.array(z.string()).optional(),
  settings: z.record(z.string(), z.unknown()).optional(),
  responses: z.looseObject({ errors: z.record(z.string(), z.string()).optional() }).optional(),
});

/** `lists/*.yaml` and `lists/<lang>/*.yaml` (the list bodies are checked by the grammar loader). */
export const ListFileSchema = z.looseObject({ lists: z.record(z.string(), z.unknown()) });

/** `rules/<lang>/*.yaml`. */
export const RuleFileSchema = z.looseObject({ expansion_rules: z.record(z.string(), z.string()) });

/** `responses/<lang>/<Intent>.yaml`. */
export const ResponseFileSchema = z.looseObject({
  responses: z.looseObject({ intents: z.record(z.string(), z.record(z.string(), z.string())) }),
});

/** A slot combination as read from intents.yaml. */
export type SlotCombinationInfo = z.infer<typeof SlotCombinationSchema>;
/** intents.yaml as read. */
export type IntentsFile = z.infer<typeof IntentsFileSchema>;
/** A sentence block as read. */
export type SentenceBlock = z.infer<typeof SentenceBlockSchema>;
