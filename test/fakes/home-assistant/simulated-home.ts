// A simulated home whose devices change when commanded, some reporting their new state only after a delay.

import type { Home } from '../../../src/homeassistant/request/index.ts';

/** The home, what each command did, and how states are reported. */
export interface SimulatedHome {
  /** The home as the next GetLiveContext read reports it. */
  reported(): Home;
  /** Runs an intent command; returns HA's intent response (success and failed targets). */
  execute(intent: string, args: Record<string, unknown>): Record<string, unknown>;
  /** Every command run, in order: what HA-Assist made HA do. */
  readonly commands: { intent: string; args: Record<string, unknown> }[];
}

/** Options: devices that report a change only after `lateReads` reads, and devices that fail. */
export interface SimulationOptions {
  lateReads?: Readonly<Record<string, number>>;
  failing?: readonly string[];
}

/** A simulated home starting from `home`. */
export function createSimulatedHome(home: Home, options: SimulationOptions = {}): SimulatedHome {
  const actual = new Map(home.entities.map((entity) => [entity.name, entity.state]));
  const pending = new Map<string, { state: string; readsLeft: number }>();
  const commands: { intent: string; args: Record<string, unknown> }[] = [];
  return {
    commands,
    reported() {
      const reported = {
        ...home,
        entities: home.entities.map((entity) => ({ ...entity, state: reportedState(entity.name) })),
      };
      for (const [name, change] of pending) {
        change.readsLeft -= 1;
        if (change.readsLeft <= 0) pending.delete(name);
      }
      return reported;
    },
    execute(intent, args) {
      commands.push({ intent, args });
      const targets = home.entities.filter((entity) => matches(entity, args));
      const state = intent === 'HassTurnOn' ? 'on' : intent === 'HassTurnOff' ? 'off' : undefined;
      const failed = targets.filter((entity) => options.failing?.includes(entity.name));
      const success = targets.filter((entity) => !options.failing?.includes(entity.name));
      for (const entity of success) {
        if (state === undefined) continue;
        actual.set(entity.name, state);
        const late = options.lateReads?.[entity.name] ?? 0;
        if (late > 0) pending.set(entity.name, { state: entity.state, readsLeft: late });
      }
      const item = (entity: { name: string; entityId: string }) => ({
        name: entity.name,
        type: 'entity',
        id: entity.entityId,
      });
      return {
        speech: {},
        response_type: 'action_done',
        data: { targets: [], success: success.map(item), failed: failed.map(item) },
      };
    },
  };

  function reportedState(name: string): string {
    const change = pending.get(name);
    return change !== undefined ? change.state : (actual.get(name) ?? 'unknown');
  }
}

function matches(entity: { name: string; domain: string; area?: string }, args: Record<string, unknown>): boolean {
  const domains = Array.isArray(args.domain) ? args.domain : typeof args.domain === 'string' ? [args.domain] : [];
  if (domains.length > 0 && !domains.includes(entity.domain)) return false;
  if (typeof args.name === 'string') return args.name.toLowerCase() === entity.name.toLowerCase();
  if (typeof args.area === 'string') return args.area.toLowerCase() === (entity.area ?? '').toLowerCase();
  return false;
}
