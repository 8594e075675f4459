// Home Assistant's time text: Python's `isoformat()` of UTC datetimes and `dt_util.parse_datetime`.

/** A time as Home Assistant writes it: `2026-01-08T12:00:00+00:00`, microseconds only when non-zero. */
export function isoTime(time: Date | number): string {
  const date = typeof time === 'number' ? new Date(time) : time;
  const base = date.toISOString(); // 2026-01-08T12:00:00.000Z
  const ms = date.getUTCMilliseconds();
  const fraction = ms === 0 ? '' : `.${String(ms).padStart(3, '0')}000`;
  return `${base.slice(0, 19)}${fraction}+00:00`;
}

// `dt_util.DATETIME_RE`; ciso8601 (tried first by HA) also takes a bare date, which is added here.
const DATETIME_RE =
  /^(\d{4})-(\d{1,2})-(\d{1,2})(?:[T ](\d{1,2}):(\d{1,2})(?::(\d{1,2})(?:\.(\d{1,6})\d{0,6})?)?(Z|[+-]\d{2}(?::?\d{2})?)?)?$/;

/**
 * Parses a datetime the way `dt_util.parse_datetime` does, or returns undefined. A time without an offset is
 * local time, which the fake takes to be UTC (the fake's "local day" is the UTC day).
 */
export function parseHaDatetime(text: string): Date | undefined {
  const match = DATETIME_RE.exec(text);
  if (match === null) return undefined;
  const [, year, month, day, hour = '0', minute = '0', second = '0', micro = '', zone] = match;
  const parts = [year, month, day, hour, minute, second].map(Number) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  const ms = Math.floor(Number(micro.padEnd(6, '0')) / 1000);
  const utc = Date.UTC(parts[0], parts[1] - 1, parts[2], parts[3], parts[4], parts[5], ms);
  const check = new Date(utc);
  // Python's datetime() refuses out-of-range fields (month 13, Feb 30); Date.UTC would roll them over.
  if (
    check.getUTCMonth() !== parts[1] - 1 ||
    check.getUTCDate() !== parts[2] ||
    parts[3] > 23 ||
    parts[4] > 59 ||
    parts[5] > 59
  )
    return undefined;
  return new Date(utc - offsetMinutes(zone) * 60_000);
}

function offsetMinutes(zone: string | undefined): number {
  if (zone === undefined || zone === 'Z') return 0;
  const digits = zone.slice(1).replace(':', '');
  const minutes = Number(digits.slice(0, 2)) * 60 + Number(digits.slice(2) || '0');
  return zone.startsWith('-') ? -minutes : minutes;
}

/** Midnight (UTC) of the day `time` falls in: the fake's `dt_util.start_of_local_day()`. */
export function startOfDay(time: Date): Date {
  return new Date(Date.UTC(time.getUTCFullYear(), time.getUTCMonth(), time.getUTCDate()));
}

/** One day in milliseconds. */
export const DAY_MS = 24 * 60 * 60 * 1000;
