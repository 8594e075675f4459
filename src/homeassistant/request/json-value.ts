// Plain JSON values, for tool schemas and request bodies.

/** Any JSON value. */
export type JsonValue = string | number | boolean | null | readonly JsonValue[] | JsonObject;

/** A JSON object; key order is the order written. */
export interface JsonObject {
  readonly [key: string]: JsonValue;
}
