// hearth as `hearth serve` builds it (buildApp from a configuration) on a real loopback server, and what faults need.

import assert from 'node:assert/strict';
import { ConfigSchema } from '../../src/cli/config-schema.ts';
import { listen, type Listening } from '../../src/cli/listen.ts';
import { buildApp } from '../../src/cli/wire.ts';
import { SILENT_LOGGER } from '../../src/common/index.ts';
import type { ToolAddOn } from '../../src/server/index.ts';
import { firstRequest } from '../assist/ha-turns.ts';
import { createCountingIds, createFakeClock } from '../fakes/clock/index.ts';

/** Starts hearth for `config` (the YAML's shape, before defaults), with the tool add-on when given. */
export async function startLoopbackHearth(config: unknown, tools?: ToolAddOn): Promise<Listening> {
  const runtime = { clock: createFakeClock(), ids: createCountingIds(), logger: SILENT_LOGGER };
  return listen(buildApp(ConfigSchema.parse(config), runtime, tools === undefined ? {} : { tools }), '127.0.0.1', 0);
}

/** POSTs `body` as JSON to `path` of `url`. */
export function postJson(url: string, path: string, body: unknown, init: RequestInit = {}): Promise<Response> {
  return fetch(`${url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
    ...init,
  });
}

/**
 * Home Assistant's request for "Turn off the living room light", which HA-Assist answers without any model: the
 * proof, during a fault, that hearth still serves everyone else. Resolves once it was answered 200 with HassTurnOff.
 */
export async function assertHaAssistServes(url: string, apiKey?: string): Promise<void> {
  const headers = {
    'content-type': 'application/json',
    ...(apiKey === undefined ? {} : { authorization: `Bearer ${apiKey}` }),
  };
  const response = await postJson(url, '/v1/chat/completions', firstRequest('Turn off the living room light'), {
    headers,
  });
  const text = await response.text();
  assert.equal(response.status, 200, text);
  const json = JSON.parse(text) as { choices: { message: { tool_calls: { function: { name: string } }[] } }[] };
  assert.equal(json.choices[0]?.message.tool_calls[0]?.function.name, 'HassTurnOff');
}

/** The unhandled rejections of this process from now on; `stop()` removes the listener and returns them. */
export function recordUnhandledRejections(): { stop(): unknown[] } {
  const seen: unknown[] = [];
  const record = (reason: unknown) => void seen.push(reason);
  process.on('unhandledRejection', record);
  return {
    stop() {
      process.off('unhandledRejection', record);
      return seen;
    },
  };
}

/** Resolves after `ms`. */
export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** Resolves with `promise`'s value, or rejects naming `what` once `ms` have passed. */
export async function within<T>(ms: number, what: string, promise: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} did not happen within ${ms} ms`)), ms);
  });
  try {
    return await Promise.race([promise, late]);
  } finally {
    clearTimeout(timer);
  }
}
