// The Limits view: what the Home Assistant tools may do, shown to every key and saved with the admin key.
import { useState } from 'preact/hooks';
import { type ApiError, request, requestText, toApiError } from './api.ts';
import { ErrorAlert } from './error-alert.tsx';
import { isEditablePolicy } from './policy-draft.ts';
import { PolicyEditor } from './policy-editor.tsx';
import { PolicyTextEditor } from './policy-text-editor.tsx';
import type { PolicyResponse, PolicySavedResponse } from './types.ts';
import { useResource } from './use-resource.ts';
import { ViewSection } from './view-section.tsx';

/** The Limits view. */
export function LimitsView() {
  const limits = useResource(() => request<PolicyResponse>('GET', '/admin/policy'));
  const [saveError, setSaveError] = useState<ApiError | null>(null);
  const [notice, setNotice] = useState('');

  const save = async (text: string) => {
    setNotice('');
    try {
      await requestText<PolicySavedResponse>('PUT', '/admin/policy', text);
      setSaveError(null);
      setNotice('Saved.');
      await limits.reload();
    } catch (caught) {
      setSaveError(toApiError(caught));
    }
  };

  const reply = limits.data;
  return (
    <ViewSection title="Limits">
      <p class="lead">What the Home Assistant tools may call and which entities they never see.</p>
      <ErrorAlert error={limits.error} keyNeed="api" />
      {reply && !reply.valid ? (
        <div class="alert" role="alert">
          <p>The limits on disk are invalid, so the tools are stopped: {reply.reason}</p>
        </div>
      ) : null}
      {reply ? <LimitsEditor key={reply.valid ? 'fields' : 'broken'} reply={reply} onSave={save} /> : null}
      <ErrorAlert error={saveError} keyNeed="admin-to-save" />
      <p role="status" class="notice">
        {notice}
      </p>
    </ViewSection>
  );
}

// A policy that still has its fields is edited as fields; anything else as the file's text.
function LimitsEditor({ reply, onSave }: { reply: PolicyResponse; onSave: (text: string) => void }) {
  const policy = reply.policy;
  if (isEditablePolicy(policy)) {
    return <PolicyEditor policy={policy} onSave={(edited) => onSave(JSON.stringify(edited, null, 2))} />;
  }
  const text = typeof policy === 'string' ? policy : JSON.stringify(policy, null, 2);
  return <PolicyTextEditor text={text} onSave={onSave} />;
}
