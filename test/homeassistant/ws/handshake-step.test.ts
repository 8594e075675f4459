// The auth handshake's steps: what each message from Home Assistant means in each phase.

import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { type HandshakePhase, nextHandshakeStep } from '../../../src/homeassistant/ws/handshake-step.ts';

const CONTEXT = { origin: 'ws://127.0.0.1:8123', token: 'secret-token-123' };

describe('nextHandshakeStep', () => {
  const rows: [HandshakePhase, unknown, string, string?][] = [
    ['auth_required', { type: 'auth_required', ha_version: '2025.10.1' }, 'send-auth'],
    ['auth_required', { type: 'auth_ok' }, 'failed', 'HA_BAD_ANSWER'],
    ['auth_required', undefined, 'failed', 'HA_BAD_ANSWER'],
    ['auth_result', { type: 'auth_ok', ha_version: '2025.10.1' }, 'authenticated'],
    ['auth_result', { type: 'auth_invalid', message: 'Invalid access token or password' }, 'failed', 'HA_UNAUTHORIZED'],
    ['auth_result', { type: 'auth_invalid' }, 'failed', 'HA_UNAUTHORIZED'],
    ['auth_result', { type: 'result', id: 1, success: true }, 'failed', 'HA_BAD_ANSWER'],
  ];
  for (const [phase, message, kind, code] of rows) {
    it(`${phase} + ${JSON.stringify(message)} → ${kind}${code ? ` ${code}` : ''}`, () => {
      const step = nextHandshakeStep(phase, message, CONTEXT);
      assert.equal(step.kind, kind);
      if (step.kind === 'failed') assert.equal(step.error.code, code);
      if (step.kind === 'authenticated') assert.equal(step.haVersion, '2025.10.1');
    });
  }

  it('keeps the token out of an auth_invalid message that echoes it', () => {
    const step = nextHandshakeStep(
      'auth_result',
      { type: 'auth_invalid', message: `Auth message incorrectly formatted: ${CONTEXT.token}` },
      CONTEXT,
    );
    assert.equal(step.kind, 'failed');
    assert.equal(
      step.kind === 'failed' && step.error.message,
      'Home Assistant refused the token (Auth message incorrectly formatted: [token])',
    );
  });
});
