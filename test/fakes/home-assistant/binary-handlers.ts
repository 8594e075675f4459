// One connection's binary handler table, as HA's `ActiveConnection.async_register_binary_handler` keeps it (§3.10).

/** Receives the payload of a binary frame (the bytes after the handler id). */
export type BinaryHandler = (payload: Buffer) => void;

// HA's handler ids are one byte; the list grows to 255 before freed slots are reused.
const MAX_HANDLERS = 255;

/** The handlers of one connection: the id of a handler is its index + 1. */
export interface BinaryHandlerTable {
  /** Appends a handler (or reuses a freed slot once 255 were registered); its id and the function that frees it. */
  register(handler: BinaryHandler): [id: number, unregister: () => void];
  /** The handler with this id, or undefined when there is none (never registered, or freed). */
  find(id: number): BinaryHandler | undefined;
}

/** An empty table. */
export function createBinaryHandlerTable(): BinaryHandlerTable {
  const handlers: (BinaryHandler | null)[] = [];
  return {
    register(handler) {
      // As HA: ids go 1, 2, 3 … even after earlier handlers were freed; a freed slot is reused only once full.
      let index = handlers.length < MAX_HANDLERS ? handlers.push(null) - 1 : handlers.indexOf(null);
      if (index < 0) throw new Error('Too many binary handlers registered');
      handlers[index] = handler;
      return [
        index + 1,
        () => {
          if (index >= 0) handlers[index] = null;
          index = -1;
        },
      ];
    },
    find: (id) => handlers[id - 1] ?? undefined,
  };
}
