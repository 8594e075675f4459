// The form that sets or forgets this tab's API key and admin key, one field each; it never shows a key back.
import { useState } from 'preact/hooks';
import { forgetKeys, readKey, saveKey } from './access-key.ts';
import type { KeyKind } from './key-for-request.ts';

const FIELDS: { kind: KeyKind; label: string; setting: string }[] = [
  { kind: 'api', label: 'API key', setting: 'server.api_keys' },
  { kind: 'admin', label: 'Admin key', setting: 'server.admin_key' },
];

type Keys = Record<KeyKind, string>;

/**
 * The key form; `onChange` runs after a key was set or forgotten, so the page can load again with it. With `isKeyless`
 * (loopback, no key configured) it only says that no key is needed.
 */
export function AccessKeyForm({ isKeyless, onChange }: { isKeyless: boolean; onChange: () => void }) {
  const [drafts, setDrafts] = useState<Keys>({ api: '', admin: '' });
  const [held, setHeld] = useState(() => ({ api: readKey('api') !== null, admin: readKey('admin') !== null }));

  if (isKeyless)
    return (
      <p class="key-form key-state" role="status">
        No key needed: hearth listens on this machine only and has no key configured.
      </p>
    );

  const use = (event: Event) => {
    event.preventDefault();
    const entered = FIELDS.filter(({ kind }) => drafts[kind].trim() !== '');
    if (entered.length === 0) return;
    for (const { kind } of entered) saveKey(kind, drafts[kind].trim());
    setDrafts({ api: '', admin: '' });
    setHeld({ api: readKey('api') !== null, admin: readKey('admin') !== null });
    onChange();
  };
  const forget = () => {
    forgetKeys();
    setDrafts({ api: '', admin: '' });
    setHeld({ api: false, admin: false });
    onChange();
  };

  return (
    <form class="key-form" onSubmit={use}>
      {FIELDS.map(({ kind, label, setting }) => (
        <div class="key-field" key={kind}>
          <label for={`${kind}-key`}>{label}</label>
          <input
            id={`${kind}-key`}
            type="password"
            autocomplete="off"
            spellcheck={false}
            placeholder={setting}
            value={drafts[kind]}
            onInput={(event) => setDrafts((previous) => ({ ...previous, [kind]: event.currentTarget.value }))}
          />
        </div>
      ))}
      <div class="key-row">
        <button type="submit">Use keys</button>
        <button type="button" class="secondary" onClick={forget}>
          Forget keys
        </button>
      </div>
      <p class="key-state" role="status">
        {`API key ${held.api ? 'set' : 'not set'} · admin key ${held.admin ? 'set' : 'not set'} for this tab.`}
      </p>
    </form>
  );
}
