// The command line of `hearth connections add|list|test|remove|mode`.

import { definedProps } from '../common/index.ts';
import { allowOnly } from './allowed-flags.ts';
import { badArguments } from './bad-arguments.ts';

/** `hearth connections …`. */
export type ConnectionsCommand = { kind: 'connections'; configPath?: string } & (
  | { action: 'add'; name: string; url: string; pin?: string }
  | { action: 'list' }
  | { action: 'test' | 'remove'; name: string }
  | { action: 'mode'; name: string; mode: 'read-only' | 'ask-first' | 'act' }
);

const CONNECTION_ACTIONS = ['add', 'list', 'test', 'remove', 'mode'] as const;
const WRITE_MODES = ['read-only', 'ask-first', 'act'] as const;

/** Parses `hearth connections` after the command word. */
export function connectionsCommand(
  rest: readonly string[],
  values: { url?: string | undefined; pin?: string | undefined; config?: string | undefined },
): ConnectionsCommand {
  const [action, name, extra] = rest;
  if (!CONNECTION_ACTIONS.includes(action as never))
    throw badArguments(`hearth connections takes one of ${CONNECTION_ACTIONS.join(', ')}.`);
  allowOnly(values, action === 'add' ? 'connections add' : 'connections');
  const base = { kind: 'connections' as const, ...definedProps({ configPath: values.config }) };
  if (action === 'list') {
    if (name !== undefined) throw badArguments(`Unexpected argument '${name}'.`);
    return { ...base, action };
  }
  if (action === 'mode') {
    if (name === undefined || !WRITE_MODES.includes(extra as never) || rest.length > 3)
      throw badArguments('hearth connections mode takes NAME and one of read-only, ask-first, act.');
    return { ...base, action, name, mode: extra as (typeof WRITE_MODES)[number] };
  }
  if (name === undefined || extra !== undefined) throw badArguments(`hearth connections ${action} takes one NAME.`);
  if (action !== 'add') return { ...base, action: action as 'test' | 'remove', name };
  // The token is never an argument: arguments are visible to every user of the machine (ps, shell history).
  if (values.url === undefined) throw badArguments('hearth connections add needs --url URL.');
  return { ...base, action, name, url: values.url, ...definedProps({ pin: values.pin }) };
}
