// The command line of `hearth proposals list|confirm|cancel`, `hearth journal` and `hearth policy show|set`.

import { definedProps } from '../common/index.ts';
import { allowOnly } from './allowed-flags.ts';
import { badArguments } from './bad-arguments.ts';

/** `hearth proposals …`, `hearth journal`, `hearth policy …`: a person's side of the changes. */
export type ChangesCommand = { kind: 'changes'; configPath?: string } & (
  | { action: 'proposals-list'; isJson: boolean }
  | { action: 'proposals-confirm' | 'proposals-cancel'; id: string }
  | { action: 'journal'; isJson: boolean }
  | { action: 'policy-show' }
  | { action: 'policy-set'; file: string }
);

/** Parses `hearth proposals`, `hearth journal` and `hearth policy` after the command word. */
export function changesCommand(
  command: 'proposals' | 'journal' | 'policy',
  rest: readonly string[],
  values: { json?: boolean | undefined; config?: string | undefined },
): ChangesCommand {
  const base = { kind: 'changes' as const, ...definedProps({ configPath: values.config }) };
  const [action, argument, extra] = rest;
  const one = (what: string) => {
    if (argument === undefined || extra !== undefined)
      throw badArguments(`hearth ${command} ${action} takes one ${what}.`);
    return argument;
  };
  if (command === 'journal') {
    allowOnly(values, 'journal');
    if (action !== undefined) throw badArguments(`Unexpected argument '${action}'.`);
    return { ...base, action: 'journal', isJson: values.json === true };
  }
  if (command === 'proposals' && action === 'list') {
    allowOnly(values, 'proposals list');
    if (argument !== undefined) throw badArguments(`Unexpected argument '${argument}'.`);
    return { ...base, action: 'proposals-list', isJson: values.json === true };
  }
  allowOnly(values, 'changes');
  if (command === 'proposals' && (action === 'confirm' || action === 'cancel'))
    return { ...base, action: `proposals-${action}`, id: one('ID') };
  if (command === 'policy' && action === 'show' && argument === undefined) return { ...base, action: 'policy-show' };
  if (command === 'policy' && action === 'set') return { ...base, action: 'policy-set', file: one('FILE') };
  throw badArguments(
    command === 'proposals'
      ? 'hearth proposals takes list, confirm ID or cancel ID.'
      : 'hearth policy takes show or set FILE.',
  );
}
