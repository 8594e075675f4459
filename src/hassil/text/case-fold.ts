// Case folding for matching: each UTF-16 unit lower-cased on its own, so lengths and positions never change.

/**
 * The text with every character lower-cased where that keeps it one code unit (as Python's simple
 * case matching under `re.IGNORECASE` does); `İ`, whose lower case is two units, stays as it is.
 */
export function foldCase(text: string): string {
  const lower = text.toLowerCase();
  if (lower.length === text.length) return lower;
  let folded = '';
  for (const char of text) {
    const one = char.toLowerCase();
    folded += one.length === char.length ? one : char;
  }
  return folded;
}
