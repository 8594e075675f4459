// The words of a proposal's countdown: "expires in 14:32", or "expired" once the time has come.

/** The countdown from `nowMs` to `expiresAt` (an ISO time), in minutes and seconds (hours when needed). */
export function formatCountdown(expiresAt: string, nowMs: number): string {
  // Rounded up: with any time left, at least a second shows; "expired" only once the time has come.
  const left = Math.ceil((Date.parse(expiresAt) - nowMs) / 1000);
  if (!(left > 0)) return 'expired';
  const hours = Math.floor(left / 3600);
  const minutes = Math.floor((left % 3600) / 60);
  const seconds = String(left % 60).padStart(2, '0');
  return hours > 0
    ? `expires in ${hours}:${String(minutes).padStart(2, '0')}:${seconds}`
    : `expires in ${minutes}:${seconds}`;
}
