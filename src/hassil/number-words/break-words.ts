// The "-" and "_" → space variants hassil adds to every spelled-out number (string_matcher._build_range_trie).

const BREAK_CHARACTERS = /[-_]/g;

/** Each form followed by its variant with "-" and "_" replaced by spaces, deduplicated in hassil's order. */
export function addBreakWordVariants(forms: readonly string[]): string[] {
  const used = new Set<string>();
  for (const form of forms) {
    // hassil skips a form it has seen, and with it that form's variant (already added the first time).
    if (used.has(form)) continue;
    used.add(form);
    used.add(form.replace(BREAK_CHARACTERS, ' '));
  }
  return [...used];
}
