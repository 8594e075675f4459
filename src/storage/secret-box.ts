// Sealing secrets at rest: AES-256-GCM with a random nonce per seal, bound to the row the secret belongs to.
import assert from 'node:assert/strict';
import { createCipheriv, createDecipheriv, randomBytes, type KeyObject } from 'node:crypto';
import { HearthError } from '../common/index.ts';
import { SECRET_KEY_ENV } from './secret-key.ts';

const ALGORITHM = 'aes-256-gcm';
const KEY_BYTES = 32;

/** The first byte of every sealed value, so that a later format (or key rotation) can tell its values apart. */
const FORMAT_VERSION = 1;

/** GCM's standard nonce length; a fresh random nonce per seal, so the same token never seals to the same bytes. */
const NONCE_BYTES = 12;
const TAG_BYTES = 16;
const HEADER_BYTES = 1 + NONCE_BYTES + TAG_BYTES;

/** Seals and opens short secrets (access tokens) with one key. */
export interface SecretBox {
  /** Encrypts `secret` bound to `context` (the connection name): version byte, nonce, tag and ciphertext in one buffer. */
  seal(secret: string, context: string): Buffer;
  /** Decrypts a sealed value with the same key and context; throws `SECRET_UNREADABLE` when it cannot. */
  open(sealed: Uint8Array, context: string): string;
}

/** A {@link SecretBox} using `key`, a 32-byte secret key. */
export function createSecretBox(key: KeyObject): SecretBox {
  assert.ok(key.type === 'secret' && key.symmetricKeySize === KEY_BYTES, 'the secret box needs a 32-byte secret key');
  return {
    seal: (secret, context) => seal(key, secret, context),
    open: (sealed, context) => open(key, sealed, context),
  };
}

function seal(key: KeyObject, secret: string, context: string): Buffer {
  const nonce = randomBytes(NONCE_BYTES);
  const cipher = createCipheriv(ALGORITHM, key, nonce, { authTagLength: TAG_BYTES });
  // The context is authenticated but not stored: a sealed token copied into another connection's row fails to open.
  cipher.setAAD(Buffer.from(context, 'utf8'));
  const ciphertext = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
  return Buffer.concat([Buffer.of(FORMAT_VERSION), nonce, cipher.getAuthTag(), ciphertext]);
}

function open(key: KeyObject, sealed: Uint8Array, context: string): string {
  const bytes = Buffer.from(sealed.buffer, sealed.byteOffset, sealed.byteLength);
  if (bytes.length < HEADER_BYTES || bytes[0] !== FORMAT_VERSION) throw unreadable(context);
  const nonce = bytes.subarray(1, 1 + NONCE_BYTES);
  const tag = bytes.subarray(1 + NONCE_BYTES, HEADER_BYTES);
  try {
    const decipher = createDecipheriv(ALGORITHM, key, nonce, { authTagLength: TAG_BYTES });
    decipher.setAAD(Buffer.from(context, 'utf8'));
    decipher.setAuthTag(tag);
    return Buffer.concat([decipher.update(bytes.subarray(HEADER_BYTES)), decipher.final()]).toString('utf8');
  } catch (error) {
    throw unreadable(context, error);
  }
}

/** The error for a sealed value that does not open; it names the row, never the secret. */
function unreadable(context: string, cause?: unknown): HearthError {
  const message =
    `The stored token of '${context}' cannot be decrypted: hearth's key file (or ${SECRET_KEY_ENV}) may have ` +
    'been replaced since it was saved, or the database was changed. Restore the old key, or remove the connection ' +
    'and add it again with its token';
  return new HearthError('SECRET_UNREADABLE', message, { cause });
}
