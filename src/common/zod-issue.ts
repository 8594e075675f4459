// Names the field a failed zod parse is about: an issue's path as text, and the first issue as a message.

/** The part of a zod issue these helpers read; every `ZodError` issue has it. */
export interface IssueLike {
  readonly path: readonly PropertyKey[];
  readonly message: string;
}

/** How {@link issuePath} writes a path. */
export interface IssuePathOptions {
  /** Keys written before the issue's own path, e.g. `['ha_context']` for a field that was parsed on its own. */
  prefix?: readonly PropertyKey[];
  /** The text for an empty path (an issue about the whole value); empty by default. */
  root?: string;
}

/** The first issue of a failed parse: its path as {@link issuePath} writes it, and zod's message. */
export interface FirstIssue {
  path: string;
  message: string;
}

/** An issue's path joined with dots, `choices.0.message`, or `options.root` when it is empty. */
export function issuePath(path: readonly PropertyKey[], options: IssuePathOptions = {}): string {
  const keys = options.prefix === undefined ? path : [...options.prefix, ...path];
  return keys.map(String).join('.') || (options.root ?? '');
}

/** The first issue of a failed parse (a `ZodError`), or undefined when it has none. */
export function firstIssue(
  error: { readonly issues: readonly IssueLike[] },
  options: IssuePathOptions = {},
): FirstIssue | undefined {
  const issue = error.issues[0];
  return issue === undefined ? undefined : { path: issuePath(issue.path, options), message: issue.message };
}

/** The first issue as `path: message` (`(root)` for the whole value), or `unexpected shape` when there is none. */
export function firstIssueMessage(error: { readonly issues: readonly IssueLike[] }): string {
  const issue = firstIssue(error, { root: '(root)' });
  return issue === undefined ? 'unexpected shape' : `${issue.path}: ${issue.message}`;
}
