// Home Assistant's WebSocket wire types: the schemas of the messages it sends, and the shapes of those we send.

import { z } from 'zod';

/** The first message on a new connection (ha-apis.md §3.1). */
export const AuthRequiredSchema = z.looseObject({
  type: z.literal('auth_required'),
  ha_version: z.string().optional(),
});

/** The answer to a good token. */
export const AuthOkSchema = z.looseObject({ type: z.literal('auth_ok'), ha_version: z.string().optional() });

/** The answer to a bad token (or a malformed auth message); HA closes the connection after it. */
export const AuthInvalidSchema = z.looseObject({ type: z.literal('auth_invalid'), message: z.string().optional() });

/** The error of a failed command, e.g. `{"code": "unknown_command", "message": "Unknown command."}`. */
export const CommandErrorSchema = z.looseObject({ code: z.string(), message: z.string() });

/** A command's success; `result` is null for commands that return nothing (and for a subscription). */
export const ResultSuccessSchema = z.looseObject({
  id: z.number(),
  type: z.literal('result'),
  success: z.literal(true),
  result: z.unknown().optional(),
});

/** A command's failure. */
export const ResultFailureSchema = z.looseObject({
  id: z.number(),
  type: z.literal('result'),
  success: z.literal(false),
  error: CommandErrorSchema,
});

/** An event of the subscription opened by command `id`. */
export const EventMessageSchema = z.looseObject({ id: z.number(), type: z.literal('event'), event: z.unknown() });

/** The answer to a `ping` command (not a `result`). */
export const PongSchema = z.looseObject({ id: z.number(), type: z.literal('pong') });

/** Every message Home Assistant sends that hearth reads. */
export const IncomingMessageSchema = z.discriminatedUnion('type', [
  AuthRequiredSchema,
  AuthOkSchema,
  AuthInvalidSchema,
  z.discriminatedUnion('success', [ResultSuccessSchema, ResultFailureSchema]),
  EventMessageSchema,
  PongSchema,
]);

/** `auth_required`. */
export type AuthRequired = z.infer<typeof AuthRequiredSchema>;
/** `auth_ok`. */
export type AuthOk = z.infer<typeof AuthOkSchema>;
/** `auth_invalid`. */
export type AuthInvalid = z.infer<typeof AuthInvalidSchema>;
/** A failed command's `error`. */
export type CommandError = z.infer<typeof CommandErrorSchema>;
/** A successful `result`. */
export type ResultSuccess = z.infer<typeof ResultSuccessSchema>;
/** A failed `result`. */
export type ResultFailure = z.infer<typeof ResultFailureSchema>;
/** An `event`. */
export type EventMessage = z.infer<typeof EventMessageSchema>;
/** A `pong`. */
export type Pong = z.infer<typeof PongSchema>;
/** Any message Home Assistant sends that hearth reads. */
export type IncomingMessage = z.infer<typeof IncomingMessageSchema>;

/** The auth message, the client's first, sent as text. */
export interface AuthMessage {
  type: 'auth';
  access_token: string;
}

/** A command before the connection gives it its id: a `type` and the command's own fields. */
export interface Command {
  type: string;
  [field: string]: unknown;
}

/** A command as sent: with the connection's next id. */
export type CommandMessage = Command & { id: number };
