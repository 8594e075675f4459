// Reading a JSON object from text, such as a tool call's arguments: the object, or undefined for anything else.

import { isRecord } from './is-record.ts';

/** The JSON object `text` holds, or undefined when it is not valid JSON or not an object. */
export function parseJsonObject(text: string): Record<string, unknown> | undefined {
  try {
    const value: unknown = JSON.parse(text);
    return isRecord(value) ? value : undefined;
  } catch {
    return undefined;
  }
}
