// The changes a command sends to the running hearth that owns the data folder, through its admin API: saving limits,
// deciding a proposal, adding, removing or setting the write mode of a connection.

import { type OwnerAdmin, ownerRefusal } from './owner-admin.ts';

/** The owner did it, or its reason (or HTTP status) for refusing. */
export type OwnerOutcome<T> = ({ ok: true } & T) | { ok: false; reason: string };

/** Saves `text` as the limits; the owner answers with their hash. */
export async function savePolicyThroughOwner(owner: OwnerAdmin, text: string): Promise<OwnerOutcome<{ hash: string }>> {
  const answer = await owner.send({ method: 'PUT', path: '/admin/policy', body: text });
  if (!answer.ok) return { ok: false, reason: ownerRefusal(answer) };
  return { ok: true, hash: String(answer.body.hash) };
}

/** What a confirmed proposal's run came to, as the owner reports it. */
export interface OwnerRun {
  operationId: string;
  outcome: string;
  /** How many states changed (when done), else the reason. */
  detail: string;
}

/** Confirms (runs once) or cancels proposal `id`; a confirmation answers with its run. */
export async function decideThroughOwner(
  owner: OwnerAdmin,
  id: string,
  verb: 'confirm' | 'cancel',
): Promise<OwnerOutcome<{ run?: OwnerRun }>> {
  const answer = await owner.send({ method: 'POST', path: `/admin/proposals/${encodeURIComponent(id)}/${verb}` });
  if (!answer.ok) return { ok: false, reason: ownerRefusal(answer) };
  if (verb === 'cancel') return { ok: true };
  const { operation_id: operationId, outcome, changed, reason } = answer.body;
  const detail = outcome === 'done' && Array.isArray(changed) ? `${changed.length} state(s) changed` : String(reason);
  return { ok: true, run: { operationId: String(operationId), outcome: String(outcome), detail } };
}

/** A change to one connection. */
export type ConnectionChange =
  | { action: 'add'; name: string; url: string; token: string; pin?: string }
  | { action: 'remove'; name: string }
  | { action: 'mode'; name: string; mode: string };

/** Adds, removes or sets the write mode of a connection. */
export async function changeConnectionThroughOwner(
  owner: OwnerAdmin,
  change: ConnectionChange,
): Promise<OwnerOutcome<object>> {
  const path = `/admin/connections/${encodeURIComponent(change.name)}`;
  const answer =
    change.action === 'add'
      ? await owner.send({
          method: 'POST',
          path: '/admin/connections',
          body: JSON.stringify({
            name: change.name,
            url: change.url,
            token: change.token,
            ...(change.pin === undefined ? {} : { pin: change.pin }),
          }),
        })
      : change.action === 'remove'
        ? await owner.send({ method: 'DELETE', path })
        : await owner.send({ method: 'PATCH', path, body: JSON.stringify({ write_mode: change.mode }) });
  return answer.ok ? { ok: true } : { ok: false, reason: ownerRefusal(answer) };
}
