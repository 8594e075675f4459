// How the fakes cut an answer's text into stream pieces.

/** Words with their trailing spaces, so the pieces join back to `text` exactly. */
export function splitWords(text: string): string[] {
  return text.match(/\S+\s*|\s+/g) ?? [];
}
