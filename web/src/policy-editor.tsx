// The structured editor of the limits: allowed services, exclusions and entities per call, saved as one file.
import { useEffect, useId, useState } from 'preact/hooks';
import {
  EXCLUDE_LISTS,
  fromDraft,
  type PolicyDraft,
  SERVICE_CLASSES,
  toDraft,
  withoutService,
  withService,
} from './policy-draft.ts';
import type { PolicyJson, ServiceClass } from './types.ts';

/** Edits a copy of `policy` (reset when a new one comes); nothing reaches the server until Save hands it to `onSave`. */
export function PolicyEditor({ policy, onSave }: { policy: PolicyJson; onSave: (policy: PolicyJson) => void }) {
  const id = useId();
  const [draft, setDraft] = useState<PolicyDraft>(() => toDraft(policy));
  // A reload after saving brings the server's copy; the fields take it in place, so focus stays on Save.
  useEffect(() => setDraft(toDraft(policy)), [policy]);
  const save = (event: Event) => {
    event.preventDefault();
    onSave(fromDraft(draft));
  };

  return (
    <div class="policy-editor">
      <div class="card">
        <fieldset>
          <legend>Allowed services</legend>
          <p class="field-hint">
            A confirmed service waits for a person's yes every time; a quiet one follows the connection's write mode.
          </p>
          {draft.services.length === 0 ? <p class="muted">No service is allowed.</p> : null}
          <ul class="rule-list">
            {draft.services.map((rule) => (
              <li key={rule.service}>
                <code>{rule.service}</code>
                <select
                  aria-label={`Class: ${rule.service}`}
                  value={rule.class}
                  onChange={(event) =>
                    setDraft(
                      withService(draft, { service: rule.service, class: event.currentTarget.value as ServiceClass }),
                    )
                  }
                >
                  <ClassOptions />
                </select>
                <button
                  type="button"
                  class="danger"
                  aria-label={`Remove ${rule.service}`}
                  onClick={() => setDraft(withoutService(draft, rule.service))}
                >
                  Remove
                </button>
              </li>
            ))}
          </ul>
        </fieldset>
        <AddServiceForm onAdd={(service, ruleClass) => setDraft(withService(draft, { service, class: ruleClass }))} />
      </div>
      <form class="card form-grid" onSubmit={save}>
        <fieldset>
          <legend>Exclusions</legend>
          <p class="field-hint">
            One per line. Excluded entities vanish from every search and result, and no call can name them.
          </p>
          {EXCLUDE_LISTS.map(({ kind, label }) => (
            <div class="field" key={kind}>
              <label for={`${id}-${kind}`}>{label}</label>
              <textarea
                id={`${id}-${kind}`}
                rows={3}
                autocomplete="off"
                spellcheck={false}
                value={draft.exclude[kind]}
                onInput={(event) =>
                  setDraft({ ...draft, exclude: { ...draft.exclude, [kind]: event.currentTarget.value } })
                }
              />
            </div>
          ))}
        </fieldset>
        <div class="field">
          <label for={`${id}-max`}>Entities per call</label>
          <input
            id={`${id}-max`}
            class="narrow"
            type="number"
            min={1}
            max={20}
            step={1}
            value={draft.maxEntities}
            onInput={(event) => setDraft({ ...draft, maxEntities: event.currentTarget.value })}
          />
        </div>
        <div class="form-actions">
          <button type="submit">Save limits</button>
        </div>
      </form>
    </div>
  );
}

// Its own form, so Enter in the Service input adds the service instead of saving the limits.
function AddServiceForm({ onAdd }: { onAdd: (service: string, ruleClass: ServiceClass) => void }) {
  const id = useId();
  const [service, setService] = useState('');
  const [ruleClass, setRuleClass] = useState<ServiceClass>('quiet');
  const add = (event: Event) => {
    event.preventDefault();
    const name = service.trim();
    if (!name) return;
    onAdd(name, ruleClass);
    setService('');
  };
  return (
    <form class="inline-form" onSubmit={add}>
      <div class="field">
        <label for={`${id}-service`}>Service</label>
        <input
          id={`${id}-service`}
          autocomplete="off"
          spellcheck={false}
          placeholder="light.turn_on"
          value={service}
          onInput={(event) => setService(event.currentTarget.value)}
        />
      </div>
      <div class="field">
        <label for={`${id}-class`}>Class</label>
        <select
          id={`${id}-class`}
          value={ruleClass}
          onChange={(event) => setRuleClass(event.currentTarget.value as ServiceClass)}
        >
          <ClassOptions />
        </select>
      </div>
      <button type="submit" class="secondary">
        Add service
      </button>
    </form>
  );
}

function ClassOptions() {
  return (
    <>
      {SERVICE_CLASSES.map((name) => (
        <option key={name} value={name}>
          {name}
        </option>
      ))}
    </>
  );
}
