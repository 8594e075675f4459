// The fields of a request its schema does not name: kept and passed on, never dropped silently.

/** The entries of `record` whose keys are not in `known`. */
export function fieldsOutside(record: object, known: ReadonlySet<string>): Record<string, unknown> {
  const extra: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(record)) if (!known.has(key)) extra[key] = value;
  return extra;
}
