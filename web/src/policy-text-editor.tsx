// The raw editor of policy.json, for a file on disk too broken to show as fields.
import { useId, useState } from 'preact/hooks';

/** A textarea holding the file's text; `onSave` gets the text as edited. */
export function PolicyTextEditor({ text, onSave }: { text: string; onSave: (text: string) => void }) {
  const id = useId();
  const [draft, setDraft] = useState(text);
  const save = (event: Event) => {
    event.preventDefault();
    onSave(draft);
  };
  return (
    <form class="card form-grid wide" onSubmit={save}>
      <label for={id}>Limits file (policy.json)</label>
      <textarea
        id={id}
        class="code"
        rows={18}
        spellcheck={false}
        value={draft}
        onInput={(event) => setDraft(event.currentTarget.value)}
      />
      <div class="form-actions">
        <button type="submit">Save limits</button>
      </div>
    </form>
  );
}
