// Deterministic look-alikes of Home Assistant's ids (context ULIDs, registry hex ids), derived from a seed text.

const CROCKFORD = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/** A stable 32-bit hash (FNV-1a) of a text, mixed with a salt. */
function hash32(text: string, salt: number): number {
  let hash = (0x811c9dc5 ^ salt) >>> 0;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash;
}

/** A 26-character ULID-shaped context id (`01K…`), the same for the same seed. */
export function fakeUlid(seed: string): string {
  let out = '01K';
  for (let salt = 0; out.length < 26; salt++) {
    const hash = hash32(seed, salt);
    for (let shift = 0; shift < 30 && out.length < 26; shift += 5) out += CROCKFORD[(hash >>> shift) & 31];
  }
  return out;
}

/** A 32-character lowercase hex id such as the device and entity registries use, the same for the same seed. */
export function fakeHexId(seed: string): string {
  let out = '';
  for (let salt = 0; out.length < 32; salt++) out += hash32(seed, salt).toString(16).padStart(8, '0');
  return out;
}
