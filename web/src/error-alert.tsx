// The alert that shows a server error's message verbatim, with the key it needs when the key is the problem.
import { type ApiError, isKeyProblem } from './api.ts';

/** Which key is needed, for the hint under a 401 or 403: an API key (the admin key also opens it), or the admin key. */
export type KeyNeed = 'page' | 'api' | 'admin' | 'admin-to-save';

const HINTS: Record<KeyNeed, string> = {
  page: 'The page needs an API key (server.api_keys) or the admin key: enter one above.',
  api: 'This view needs an API key (server.api_keys) or the admin key: enter one in the API key field above.',
  admin: 'This view needs the admin key (server.admin_key): enter it in the Admin key field above.',
  'admin-to-save': 'Saving needs the admin key (server.admin_key): enter it in the Admin key field above.',
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
