// The alert that shows a server error's message verbatim, with a hint when the key is the problem.
import { type ApiError, isKeyProblem } from './api.ts';

/** Which key the view needs, for the hint under a 401 or 403. */
export type KeyNeed = 'admin' | 'access';

const HINTS: Record<KeyNeed, string> = {
  admin: 'Enter the admin key above.',
  access: 'Enter the access key above.',
};

/** Shows `error` in a role="alert" region, or nothing when there is none. */
export function ErrorAlert({ error, keyNeed, id }: { error: ApiError | null; keyNeed?: KeyNeed; id?: string }) {
  if (!error) return null;
  return (
    <div class="alert" role="alert" id={id}>
      <p>{error.message}</p>
      {keyNeed && isKeyProblem(error) ? <p class="hint">{HINTS[keyNeed]}</p> : null}
    </div>
  );
}
