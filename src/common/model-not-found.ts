// The `model_not_found` error: which name was asked for, which names exist, and a case-only near miss.

import { HearthError } from './errors.ts';

/** Most model names a message lists; the rest are counted. */
const MAX_LISTED = 20;

/** Longest part of the client's model name quoted back. */
const MAX_QUOTED = 100;

/** What a {@link modelNotFound} message says about the names that exist. */
export interface ModelNotFoundOptions {
  /** Names a client could have sent instead, in listing order. */
  available: readonly string[];
  /** What kind of model was looked up, e.g. `embedding model` (default `model`). */
  what?: string;
}

/**
 * The 404 `model_not_found` error for `model`: it lists the names that exist and, when one differs only in
 * case, suggests it ("There is no model 'ha-assist'; did you mean 'HA-Assist'? Available: …").
 */
export function modelNotFound(model: string, options: ModelNotFoundOptions): HearthError {
  const what = options.what ?? 'model';
  const asked = model.length > MAX_QUOTED ? `${model.slice(0, MAX_QUOTED)}…` : model;
  const sameLetters = options.available.find((name) => name.toLowerCase() === model.toLowerCase());
  const hint = sameLetters === undefined ? '' : `; did you mean '${sameLetters}'? (Model names are case-sensitive.)`;
  return new HearthError(
    'MODEL_NOT_FOUND',
    `There is no ${what} '${asked}'${hint === '' ? '.' : hint} ${listNames(options.available)}`,
    { param: 'model' },
  );
}

function listNames(names: readonly string[]): string {
  if (names.length === 0) return 'None is configured.';
  const listed = names.slice(0, MAX_LISTED).join(', ');
  const more = names.length > MAX_LISTED ? ` and ${names.length - MAX_LISTED} more` : '';
  return `Available: ${listed}${more}.`;
}
