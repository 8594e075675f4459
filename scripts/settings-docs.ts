// HA-Assist's settings table written as documentation: the README's Configuration rows and hearth.example.yaml's lines.

import {
  ASSIST_SETTING_KEYS,
  ASSIST_SETTING_ROWS,
  type AssistSettingKey,
  type SettingRow,
} from '../src/assist/index.ts';

/** The column of the `#` that starts each comment in hearth.example.yaml's `settings:` section. */
const EXAMPLE_COMMENT_COLUMN = 48;

/** A documented line of one setting, and the key it documents. */
export interface SettingLine {
  key: AssistSettingKey;
  line: string;
}

/** A number as the documentation writes a range: thousands separated by commas. */
function formatNumber(value: number): string {
  return value.toLocaleString('en-US', { maximumFractionDigits: 10 });
}

/** `text` with `{range}` replaced by the row's range (`0–10`, `1,000–10,000,000`). */
function withRange(text: string, row: SettingRow): string {
  if (row.kind !== 'int' && row.kind !== 'number') return text;
  return text.replaceAll('{range}', `${formatNumber(row.min)}–${formatNumber(row.max)}`);
}

/** The README's Configuration rows of the settings, in the table's order. */
export function renderReadmeRows(): SettingLine[] {
  return ASSIST_SETTING_KEYS.map((key) => {
    const row: SettingRow = ASSIST_SETTING_ROWS[key];
    const value = row.default === null ? 'none' : `\`${row.default}\``;
    return { key, line: `| \`settings.${key}\` | ${value} | ${withRange(row.doc, row)} |` };
  });
}

/** hearth.example.yaml's lines of the settings, in the table's order: the example model, else the default. */
export function renderExampleLines(): SettingLine[] {
  return ASSIST_SETTING_KEYS.map((key) => {
    const row: SettingRow = ASSIST_SETTING_ROWS[key];
    const entry = `  ${key}: ${row.kind === 'model' ? row.example : row.default}`;
    return { key, line: `${entry.padEnd(EXAMPLE_COMMENT_COLUMN - 1)} # ${withRange(row.comment, row)}` };
  });
}

/** Whether `line` documents a setting: a README row or an example line naming an `ha_assist_` key. */
export function isSettingLine(line: string): boolean {
  return /^\| `settings\.ha_assist_|^ {2}ha_assist_/.test(line);
}

/**
 * `text` with its block of setting lines replaced by `lines`; the block is the first run of consecutive setting
 * lines. Throws when there is none, since then the file no longer has the place the lines belong.
 */
export function replaceSettingLines(text: string, lines: readonly SettingLine[]): string {
  const all = text.split('\n');
  const start = all.findIndex(isSettingLine);
  if (start < 0) throw new Error('no settings.ha_assist_* lines to replace');
  let end = start;
  while (end < all.length && isSettingLine(all[end]!)) end += 1;
  return [...all.slice(0, start), ...lines.map((entry) => entry.line), ...all.slice(end)].join('\n');
}

/** The keys whose documented line in `text` differs from `lines` or is missing, and keys documented but not in the table. */
export function staleSettings(text: string, lines: readonly SettingLine[]): string[] {
  const present = new Set(text.split('\n').filter(isSettingLine));
  const stale = lines.filter((entry) => !present.has(entry.line)).map((entry) => entry.key);
  const expected = new Set(lines.map((entry) => entry.line));
  const unknown = [...present]
    .filter((line) => !expected.has(line))
    .map((line) => /ha_assist_\w+/.exec(line)?.[0] ?? line)
    .filter((key) => !stale.includes(key as AssistSettingKey));
  return [...stale, ...unknown];
}
