// The diagnostics' wire form: every field of the typed model under its documented `ha_*` name.

import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { toWireMetrics, type Diagnostics } from '../../../src/assist/diagnostics/index.ts';

describe('toWireMetrics', () => {
  it('writes a direct answer with its plan, match and verification', () => {
    const diagnostics: Diagnostics = {
      route: { route: 'direct', backend: null, prepMs: 0.25, inferenceCalls: 0 },
      intent: {
        match: 'exact',
        intent: 'HassTurnOn',
        slotCombination: 'name_only',
        template: 't',
        slots: { name: 'A' },
      },
      plan: { kind: 'verify', pending: ['A'] },
      verify: { kind: 'state-read', attempt: 1, attempts: 2, delayS: 0.5 },
      verifySettleMs: 500,
    };
    assert.deepEqual(toWireMetrics(diagnostics), {
      ha_route: { route: 'direct', backend: null, prep_ms: 0.25, inference_calls: 0 },
      ha_intent: {
        match: 'exact',
        intent: 'HassTurnOn',
        slot_combination: 'name_only',
        template: 't',
        slots: { name: 'A' },
      },
      ha_plan: { kind: 'verify', pending: ['A'] },
      ha_verify: { kind: 'state-read', attempt: 1, attempts: 2, delay_s: 0.5 },
      ha_verify_settle_ms: 500,
    });
  });

  it('writes a generative turn with history, retrieval, prompt and validation', () => {
    const diagnostics: Diagnostics = {
      route: { route: 'llm', backend: 'gemma', prepMs: 3, inferenceCalls: 1 },
      intent: {
        match: 'repaired',
        repairedText: 'turn on a',
        intent: 'HassTurnOn',
        slotCombination: null,
        template: 't',
        slots: {},
      },
      plan: {
        kind: 'ambiguous',
        candidates: [{ name: 'A', domain: 'light' }],
        values: { brightness: 70 },
        generativeReason: 'two',
      },
      history: { policy: 'drop-completed-tool-turns', messages: 5, kept: 3, dropped: 2 },
      retrieval: {
        entities: { offered: 500, chosen: 16, limit: 16 },
        tools: { offered: 20, chosen: ['HassTurnOn'] },
        cues: { terms: ['a'], areas: [], domains: ['light'], named: 1 },
        semantic: 'off',
      },
      prompt: { tokens: 900, maxInputTokens: 4096, tokenizer: 'estimate', messages: 2, tools: 1 },
      validation: { valid: false, calls: 1, rule: 'candidates', reason: 'it picked none' },
    };
    assert.deepEqual(toWireMetrics(diagnostics), {
      ha_route: { route: 'llm', backend: 'gemma', prep_ms: 3, inference_calls: 1 },
      ha_intent: {
        match: 'repaired',
        repaired_text: 'turn on a',
        intent: 'HassTurnOn',
        slot_combination: null,
        template: 't',
        slots: {},
      },
      ha_plan: {
        kind: 'ambiguous',
        candidates: [{ name: 'A', domain: 'light' }],
        values: { brightness: 70 },
        generative_reason: 'two',
      },
      ha_history: { policy: 'drop-completed-tool-turns', messages: 5, kept: 3, dropped: 2 },
      ha_retrieval: {
        entities: { offered: 500, chosen: 16, limit: 16 },
        tools: { offered: 20, chosen: ['HassTurnOn'] },
        cues: { terms: ['a'], areas: [], domains: ['light'], named: 1 },
        semantic: 'off',
      },
      ha_prompt: { tokens: 900, max_input_tokens: 4096, tokenizer: 'estimate', messages: 2, tools: 1 },
      ha_validation: { valid: false, calls: 1, rule: 'candidates', reason: 'it picked none' },
    });
  });

  it('writes a refused repair with its candidates in wire spelling', () => {
    const diagnostics: Diagnostics = {
      route: { route: 'llm', backend: null, prepMs: 1, inferenceCalls: 1 },
      intent: {
        match: 'none',
        repair: {
          refused: 'unsafe-target',
          by: 'fuzzy',
          candidates: [
            { kind: 'entity', from: 'frnt', name: 'Front Door', domain: 'lock', score: 0.9, requiresExactName: true },
            { kind: 'area', from: 'kichen', name: 'Kitchen', score: 0.9 },
          ],
        },
      },
    };
    assert.deepEqual(toWireMetrics(diagnostics).ha_intent, {
      match: 'none',
      repair: {
        refused: 'unsafe-target',
        by: 'fuzzy',
        candidates: [
          { kind: 'entity', from: 'frnt', name: 'Front Door', domain: 'lock', score: 0.9, requires_exact_name: true },
          { kind: 'area', from: 'kichen', name: 'Kitchen', score: 0.9 },
        ],
      },
    });
  });

  it('leaves out what a turn did not report', () => {
    const metrics = toWireMetrics({ route: { route: 'direct', backend: null, prepMs: 0, inferenceCalls: 0 } });
    assert.deepEqual(Object.keys(metrics), ['ha_route']);
  });
});

describe('toWireMetrics: confirmation, timing and the request text', () => {
  it('puts the confirmation and the request text on the plan, and the recognition time on the match', () => {
    const metrics = toWireMetrics({
      route: { route: 'direct', backend: null, prepMs: 1, inferenceCalls: 0 },
      intent: { match: 'none', recognizeMs: 0.4 },
      plan: { kind: 'action', tool: 'HassTurnOff', requestText: 'unlock the front door' },
      confirmation: 'asked',
    });
    assert.deepEqual(metrics.ha_intent, { match: 'none', recognize_ms: 0.4 });
    assert.deepEqual(metrics.ha_plan, {
      kind: 'action',
      tool: 'HassTurnOff',
      request_text: 'unlock the front door',
      confirmation: 'asked',
    });
  });

  it('reports a confirmation on the plan even when no plan was made', () => {
    const metrics = toWireMetrics({
      route: { route: 'direct', backend: null, prepMs: 1, inferenceCalls: 0 },
      confirmation: 'confirmed',
    });
    assert.deepEqual(metrics.ha_plan, { confirmation: 'confirmed' });
  });
});

describe('toWireMetrics: verification', () => {
  it('writes a skipped verification with its reason, and leaves the reason out otherwise', () => {
    const route = { route: 'direct', backend: null, prepMs: 0, inferenceCalls: 0 } as const;
    const skipped = toWireMetrics({
      route,
      verify: {
        kind: 'skipped',
        attempt: 0,
        attempts: 0,
        delayS: 0.5,
        reason: 'settings.ha_assist_verify_attempts is 0',
      },
    });
    assert.deepEqual(skipped.ha_verify, {
      kind: 'skipped',
      attempt: 0,
      attempts: 0,
      delay_s: 0.5,
      reason: 'settings.ha_assist_verify_attempts is 0',
    });
    const confirmed = toWireMetrics({ route, verify: { kind: 'confirmed', attempt: 1, attempts: 2, delayS: 0.5 } });
    assert.deepEqual(confirmed.ha_verify, { kind: 'confirmed', attempt: 1, attempts: 2, delay_s: 0.5 });
  });
});

describe('toWireMetrics: the gate', () => {
  const route = { route: 'llm', backend: 'gemma', prepMs: 1, inferenceCalls: 1 } as const;
  const rows: { gate: NonNullable<Diagnostics['gate']>; wire: Record<string, unknown> }[] = [
    { gate: { decision: 'send', source: 'model', calls: 2 }, wire: { decision: 'send', source: 'model', calls: 2 } },
    {
      gate: { decision: 'ask', source: 'deterministic', calls: 1, rule: 'area', reason: 'r' },
      wire: { decision: 'ask', source: 'deterministic', calls: 1, rule: 'area', reason: 'r' },
    },
    {
      gate: { decision: 'refuse', source: 'model', calls: 2, rule: 'candidates', reason: 'two' },
      wire: { decision: 'refuse', source: 'model', calls: 2, rule: 'candidates', reason: 'two' },
    },
  ];
  for (const { gate, wire } of rows)
    it(`writes ha_gate for a ${gate.decision} of ${gate.source} calls`, () => {
      assert.deepEqual(toWireMetrics({ route, gate }).ha_gate, wire);
    });
});
