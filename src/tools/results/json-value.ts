// The JSON value a tool result is made of.

/** A JSON value: what Home Assistant sends and what a tool result holds. */
export type JsonValue = null | boolean | number | string | JsonValue[] | { [key: string]: JsonValue };

/** A JSON object. */
export type JsonObject = { [key: string]: JsonValue };
