// The secret box: AES-256-GCM round trips; another key, another name or a changed byte fail with SECRET_UNREADABLE.

import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createSecretKey, randomBytes } from 'node:crypto';
import { HearthError } from '../../src/common/index.ts';
import { createSecretBox } from '../../src/storage/index.ts';

const TOKEN = `eyJhbGciOiJIUzI1NiJ9.${randomBytes(48).toString('base64url')}`;
const newKey = () => createSecretKey(randomBytes(32));

describe('createSecretBox', () => {
  it('opens what it sealed, for any text', () => {
    const box = createSecretBox(newKey());
    for (const secret of [TOKEN, '', 'ünïcødé 🔑', 'x'.repeat(10_000)]) {
      assert.equal(box.open(box.seal(secret, 'home'), 'home'), secret);
    }
  });

  it('seals to version, 12-byte nonce, 16-byte tag and ciphertext, without the token in it', () => {
    const sealed = createSecretBox(newKey()).seal(TOKEN, 'home');
    assert.equal(sealed[0], 1);
    assert.equal(sealed.length, 1 + 12 + 16 + Buffer.byteLength(TOKEN));
    assert.equal(sealed.includes(TOKEN), false);
  });

  it('seals the same token differently each time, and both open', () => {
    const box = createSecretBox(newKey());
    const first = box.seal(TOKEN, 'home');
    const second = box.seal(TOKEN, 'home');
    assert.notDeepEqual(first, second);
    assert.notDeepEqual(first.subarray(1, 13), second.subarray(1, 13), 'a fresh nonce');
    assert.equal(box.open(first, 'home'), TOKEN);
    assert.equal(box.open(second, 'home'), TOKEN);
  });

  it('opens with another box on the same key bytes, and from a Uint8Array view', () => {
    const bytes = randomBytes(32);
    const sealed = createSecretBox(createSecretKey(bytes)).seal(TOKEN, 'home');
    const copy = new Uint8Array(sealed.length + 8);
    copy.set(sealed, 8);
    assert.equal(createSecretBox(createSecretKey(Buffer.from(bytes))).open(copy.subarray(8), 'home'), TOKEN);
  });

  it('refuses to open with another key, saying the key may have been replaced', () => {
    const sealed = createSecretBox(newKey()).seal(TOKEN, 'home');
    const error = openError(() => createSecretBox(newKey()).open(sealed, 'home'));
    assert.match(error.message, /key file/);
    assert.match(error.message, /'home'/);
  });

  it('refuses to open under another name: a sealed token cannot move to another row', () => {
    const box = createSecretBox(newKey());
    const sealed = box.seal(TOKEN, 'home');
    openError(() => box.open(sealed, 'cabin'));
    openError(() => box.open(sealed, 'Home'));
  });

  it('refuses a sealed value with any byte changed, or cut short', () => {
    const box = createSecretBox(newKey());
    const sealed = box.seal(TOKEN, 'home');
    // the version byte, the nonce, the tag and the ciphertext
    for (const index of [0, 1, 12, 13, 28, 29, sealed.length - 1]) {
      const tampered = Buffer.from(sealed);
      tampered[index]! ^= 0x01;
      openError(() => box.open(tampered, 'home'));
    }
    openError(() => box.open(sealed.subarray(0, 29), 'home'));
    openError(() => box.open(sealed.subarray(0, 10), 'home'));
    openError(() => box.open(Buffer.alloc(0), 'home'));
  });

  it('takes only a 32-byte secret key', () => {
    assert.throws(() => createSecretBox(createSecretKey(randomBytes(16))));
  });
});

/** The error of a failed open: SECRET_UNREADABLE, without the token. */
function openError(run: () => unknown): HearthError {
  try {
    run();
  } catch (error) {
    assert.ok(error instanceof HearthError, `expected a HearthError, got ${String(error)}`);
    assert.equal(error.code, 'SECRET_UNREADABLE');
    assert.ok(!error.message.includes(TOKEN));
    return error;
  }
  assert.fail('expected the sealed value not to open');
}
