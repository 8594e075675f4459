// How the page writes a server time: the browser's local date and time.

/** `iso` as a local date and time, or as given when it is not a time. */
export function formatTime(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : date.toLocaleString();
}
