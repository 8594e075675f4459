// The form that sets or forgets the access key of this tab; it never shows the key back.
import { useState } from 'preact/hooks';
import { forgetAccessKey, readAccessKey, saveAccessKey } from './access-key.ts';

/** The key form; `onChange` runs after the key was set or forgotten, so the page can load again with it. */
export function AccessKeyForm({ onChange }: { onChange: () => void }) {
  const [draft, setDraft] = useState('');
  const [hasKey, setHasKey] = useState(() => readAccessKey() !== null);

  const use = (event: Event) => {
    event.preventDefault();
    const key = draft.trim();
    if (!key) return;
    saveAccessKey(key);
    setDraft('');
    setHasKey(true);
    onChange();
  };
  const forget = () => {
    forgetAccessKey();
    setDraft('');
    setHasKey(false);
    onChange();
  };

  return (
    <form class="key-form" onSubmit={use}>
      <label for="access-key">Access key</label>
      <div class="key-row">
        <input
          id="access-key"
          type="password"
          autocomplete="off"
          spellcheck={false}
          required
          value={draft}
          onInput={(event) => setDraft(event.currentTarget.value)}
        />
        <button type="submit">Use key</button>
        <button type="button" class="secondary" onClick={forget}>
          Forget key
        </button>
      </div>
      <p class="key-state" role="status">
        {hasKey ? 'A key is set for this tab.' : 'No key set.'}
      </p>
    </form>
  );
}
