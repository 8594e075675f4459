// The form that adds a Home Assistant connection; the token is cleared as soon as it was sent.
import { useId, useState } from 'preact/hooks';
import { type ApiError, request, toApiError } from './api.ts';
import { ErrorAlert } from './error-alert.tsx';
import type { ConnectionResponse, NewConnectionRequest } from './types.ts';

type Field = 'name' | 'address' | 'token' | 'pin';

// The server names the request's fields (the form calls the url field "Address"); not every field has
// native checks (required, type="url") on purpose, so the server's own message explains what is wrong.
const FIELD_OF_PARAM: Record<string, Field> = { name: 'name', url: 'address', token: 'token', pin: 'pin' };

/** The new-connection form; `onAdded` gets the name of the connection the server saved. */
export function ConnectionForm({ onAdded }: { onAdded: (name: string) => void }) {
  const id = useId();
  const [fields, setFields] = useState<Record<Field, string>>({ name: '', address: '', token: '', pin: '' });
  const [error, setError] = useState<ApiError | null>(null);
  const [isSending, setIsSending] = useState(false);
  const badField = error?.param ? FIELD_OF_PARAM[error.param] : undefined;

  const set = (field: Field) => (event: { currentTarget: HTMLInputElement }) =>
    setFields((previous) => ({ ...previous, [field]: event.currentTarget.value }));
  const invalid = (field: Field) =>
    badField === field ? { 'aria-invalid': true, 'aria-describedby': `${id}-error` } : {};

  const submit = async (event: Event) => {
    event.preventDefault();
    const body: NewConnectionRequest = { name: fields.name.trim(), url: fields.address.trim(), token: fields.token };
    if (fields.pin.trim()) body.pin = fields.pin.trim();
    // The token leaves the page's state before the answer comes, whatever it is.
    setFields((previous) => ({ ...previous, token: '' }));
    setIsSending(true);
    try {
      const reply = await request<ConnectionResponse>('POST', '/admin/connections', body);
      setError(null);
      setFields({ name: '', address: '', token: '', pin: '' });
      onAdded(reply.connection.name);
    } catch (caught) {
      setError(toApiError(caught));
    } finally {
      setIsSending(false);
    }
  };

  return (
    <form class="card form-grid" onSubmit={submit} aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`}>New Home Assistant connection</h3>
      <label for={`${id}-name`}>Name</label>
      <input id={`${id}-name`} autocomplete="off" value={fields.name} onInput={set('name')} {...invalid('name')} />
      <label for={`${id}-address`}>Address</label>
      <input
        id={`${id}-address`}
        inputMode="url"
        autocomplete="off"
        spellcheck={false}
        placeholder="https://homeassistant.local:8123"
        value={fields.address}
        onInput={set('address')}
        {...invalid('address')}
      />
      <label for={`${id}-token`}>Token</label>
      <input
        id={`${id}-token`}
        type="password"
        autocomplete="off"
        spellcheck={false}
        value={fields.token}
        onInput={set('token')}
        {...invalid('token')}
      />
      <label for={`${id}-pin`}>Pinned certificate</label>
      <input
        id={`${id}-pin`}
        autocomplete="off"
        spellcheck={false}
        placeholder="host:port=sha256"
        aria-describedby={`${id}-pin-hint`}
        value={fields.pin}
        onInput={set('pin')}
        {...invalid('pin')}
      />
      <p class="field-hint" id={`${id}-pin-hint`}>
        Optional: only for a self-signed certificate.
      </p>
      <div class="form-actions">
        <button type="submit" disabled={isSending}>
          Add connection
        </button>
      </div>
      <ErrorAlert error={error} keyNeed="admin" id={`${id}-error`} />
    </form>
  );
}
