#!/usr/bin/env node
// Draws the add-on's icon.png (128×128) and logo.png (250×100), the sizes Home Assistant recommends, into
// ha-addon/hearth/: a white house with a flame on an orange tile, and the logo adds the name. Node only (zlib).
//
//   node scripts/addon-images.mjs       rewrites both files (they are committed; run it after changing the drawing)

import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { deflateSync } from 'node:zlib';

/** @typedef {[number, number, number, number]} Rgba */

const TILE = /** @type {Rgba} */ ([194, 65, 12, 255]);
const WHITE = /** @type {Rgba} */ ([255, 255, 255, 255]);
const FLAME = /** @type {Rgba} */ ([249, 115, 22, 255]);
const CORE = /** @type {Rgba} */ ([253, 224, 71, 255]);
const INK = /** @type {Rgba} */ ([41, 37, 36, 255]);

/** The name in a 5×7 pixel font: the letters of "hearth", one string per row. */
const GLYPHS = {
  h: ['1....', '1....', '1.11.', '11..1', '1...1', '1...1', '1...1'],
  e: ['.....', '.....', '.111.', '1...1', '11111', '1....', '.111.'],
  a: ['.....', '.....', '.111.', '....1', '.1111', '1...1', '.1111'],
  r: ['.....', '.....', '1.11.', '11..1', '1....', '1....', '1....'],
  t: ['.1...', '.1...', '1111.', '.1...', '.1...', '.1..1', '..11.'],
};

/**
 * The icon's drawing on a 128-unit square: the colour at (x, y), or null outside every shape.
 * @param {number} x
 * @param {number} y
 * @returns {Rgba | null}
 */
function icon(x, y) {
  const inFlame = (/** @type {number} */ r) =>
    Math.hypot(x - 64, y - 90) <= r || (y >= 64 + (14 - r) * 1.6 && y <= 90 && Math.abs(x - 64) <= ((y - 62) * r) / 28);
  if (inFlame(14)) return inFlame(7) ? CORE : FLAME;
  const roof = y >= 22 && y <= 62 && Math.abs(x - 64) <= (y - 22) * 1.1;
  const body = x >= 34 && x <= 94 && y >= 58 && y <= 106;
  if (roof || body) return WHITE;
  const r = 26;
  const cx = Math.min(Math.max(x, r), 128 - r);
  const cy = Math.min(Math.max(y, r), 128 - r);
  return Math.hypot(x - cx, y - cy) <= r ? TILE : null;
}

/**
 * The logo on a 250×100 canvas: the icon at the left, the name to its right.
 * @param {number} x
 * @param {number} y
 * @returns {Rgba | null}
 */
function logo(x, y) {
  if (x < 100) return icon((x * 128) / 100, (y * 128) / 100);
  const scale = 4;
  const column = Math.floor((x - 108) / scale);
  const row = Math.floor((y - 36) / scale);
  if (column < 0 || row < 0 || row >= 7) return null;
  const letter = 'hearth'[Math.floor(column / 6)];
  const glyph = letter === undefined ? undefined : GLYPHS[/** @type {keyof typeof GLYPHS} */ (letter)];
  return glyph?.[row]?.[column % 6] === '1' ? INK : null;
}

/**
 * An RGBA image of `width`×`height`, each pixel the average of 4×4 samples of `draw` (smooth edges).
 * @param {number} width
 * @param {number} height
 * @param {(x: number, y: number) => Rgba | null} draw
 */
function render(width, height, draw) {
  const pixels = Buffer.alloc(width * height * 4);
  const n = 4;
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const sum = [0, 0, 0, 0];
      for (let sy = 0; sy < n; sy++)
        for (let sx = 0; sx < n; sx++) {
          const colour = draw(x + (sx + 0.5) / n, y + (sy + 0.5) / n);
          if (colour === null) continue;
          for (let c = 0; c < 3; c++) sum[c] = /** @type {number} */ (sum[c]) + colour[c] * colour[3];
          sum[3] = /** @type {number} */ (sum[3]) + colour[3];
        }
      const alpha = /** @type {number} */ (sum[3]);
      const at = (y * width + x) * 4;
      for (let c = 0; c < 3; c++) pixels[at + c] = alpha === 0 ? 0 : Math.round(/** @type {number} */ (sum[c]) / alpha);
      pixels[at + 3] = Math.round(alpha / (n * n));
    }
  return pixels;
}

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

/** @param {Buffer} bytes */
function crc32(bytes) {
  let c = 0xffffffff;
  for (const byte of bytes) c = /** @type {number} */ (CRC_TABLE[(c ^ byte) & 0xff]) ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

/**
 * @param {string} type
 * @param {Buffer} data
 */
function chunk(type, data) {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/**
 * A PNG file: 8-bit RGBA, no interlace, each row with filter 0.
 * @param {number} width
 * @param {number} height
 * @param {Buffer} pixels
 */
export function encodePng(width, height, pixels) {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 6, 0, 0, 0], 8);
  const rows = Buffer.alloc(height * (width * 4 + 1));
  for (let y = 0; y < height; y++) pixels.copy(rows, y * (width * 4 + 1) + 1, y * width * 4, (y + 1) * width * 4);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const folder = fileURLToPath(new URL('../ha-addon/hearth/', import.meta.url));
writeFileSync(`${folder}icon.png`, encodePng(128, 128, render(128, 128, icon)));
writeFileSync(`${folder}logo.png`, encodePng(250, 100, render(250, 100, logo)));
