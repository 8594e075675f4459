// Every error code hearth uses, in one table: each code's kind (hence its HTTP status) and what it means.

import type { ErrorKind } from './error-kinds.ts';

/** One row of {@link ERROR_CODES}: the kind that decides the status, and one line saying what the code means. */
export interface ErrorCodeRow {
  readonly kind: ErrorKind;
  readonly meaning: string;
}

/**
 * The closed set of codes a {@link HearthError} carries, in alphabetical order. A code has one kind, so one status;
 * the OpenAI-style error bodies send it lower-cased (`model_not_found`), and README's table lists the same rows.
 */
export const ERROR_CODES = {
  ADMIN_API_OFF: { kind: 'permission', meaning: 'The admin API is off: server.admin_key is not set.' },
  ADMIN_KEY_REQUIRED: {
    kind: 'authentication',
    meaning: 'A command that changes the data folder a running hearth owns needs HEARTH_ADMIN_KEY.',
  },
  API_KEY_NOT_CONFIGURED: { kind: 'permission', meaning: 'The endpoint needs an API key and none is configured.' },
  AUDIO_HANDLER_ID_INVALID: {
    kind: 'internal',
    meaning: 'An audio frame was given a handler id that is not one byte.',
  },
  BACKEND_BAD_RESPONSE: { kind: 'upstream_failure', meaning: 'A backend sent an answer its protocol does not allow.' },
  BACKEND_BAD_TOOL_ARGUMENTS: {
    kind: 'upstream_failure',
    meaning: "The model called a tool with arguments that are not a JSON object, which Ollama's format cannot carry.",
  },
  BACKEND_DISCONNECTED: {
    kind: 'upstream_failure',
    meaning: 'A backend closed the connection before its answer ended.',
  },
  BACKEND_ERROR: { kind: 'upstream_failure', meaning: 'A backend answered with an error, or failed while generating.' },
  BACKEND_MISSING: { kind: 'internal', meaning: 'A setting names a model that has no backend.' },
  BACKEND_NOT_CONFIGURED: {
    kind: 'unavailable',
    meaning: 'HA-Assist needs a model for this request and the setting naming one is not set.',
  },
  BACKEND_REJECTED: {
    kind: 'invalid_request',
    meaning: 'A backend refused the request as invalid (its 400, 413 or 422).',
  },
  BACKEND_TIMEOUT: { kind: 'upstream_timeout', meaning: 'A backend did not accept the connection or answer in time.' },
  BACKEND_UNREACHABLE: { kind: 'upstream_failure', meaning: 'A backend could not be reached.' },
  BAD_ARGUMENTS: { kind: 'invalid_request', meaning: "The command line's arguments are wrong." },
  CONFIG_INVALID: { kind: 'invalid_request', meaning: 'The configuration is not valid.' },
  CONFIG_NOT_FOUND: { kind: 'invalid_request', meaning: 'The configuration file named does not exist.' },
  CONNECTION_TAKEN: { kind: 'conflict', meaning: "Another connection already has this connection's name or address." },
  CONTEXT_LENGTH_EXCEEDED: { kind: 'invalid_request', meaning: "The prompt has more tokens than the model's limit." },
  DATABASE_BUSY: { kind: 'unavailable', meaning: 'The database stayed locked by another process or statement.' },
  DATABASE_CANTOPEN: { kind: 'unavailable', meaning: 'The database file (or its -wal or -shm file) cannot be opened.' },
  DATABASE_CLOSED: {
    kind: 'unavailable',
    meaning: 'The database is closed: hearth is stopping, or it failed to open.',
  },
  DATABASE_FAILED: { kind: 'internal', meaning: 'A database statement failed for a reason hearth does not know.' },
  DATABASE_FULL: { kind: 'unavailable', meaning: 'The disk holding the database is full.' },
  DATABASE_INVALID: { kind: 'internal', meaning: 'The database file is not a SQLite database, or is damaged.' },
  DATABASE_IO_ERROR: { kind: 'unavailable', meaning: 'The disk failed to read or write the database.' },
  DATABASE_READ_ONLY: { kind: 'unavailable', meaning: 'The database cannot be written.' },
  DATABASE_TOO_NEW: { kind: 'internal', meaning: 'The database was written by a newer hearth.' },
  DATABASE_UNAVAILABLE: { kind: 'unavailable', meaning: 'hearth cannot open or set up its database.' },
  DATA_DIR_INVALID: { kind: 'invalid_request', meaning: 'The data folder (data_dir) cannot be read or used.' },
  DATA_DIR_IN_USE: { kind: 'invalid_request', meaning: 'Another running hearth already serves this data folder.' },
  DEMO_HOME_UNKNOWN_AREA: { kind: 'invalid_request', meaning: "The satellite's area is not an area of the home." },
  DUPLICATE_TOOL: { kind: 'invalid_request', meaning: 'The request offers two tools with the same name.' },
  ENTITY_YAML_REFUSED: {
    kind: 'invalid_request',
    meaning: "The request's entity YAML nests too deep or its aliases expand it too far.",
  },
  FILE_UNREADABLE: { kind: 'invalid_request', meaning: 'A file named on the command line cannot be read.' },
  GRAMMAR_UNAVAILABLE: {
    kind: 'unavailable',
    meaning: "HA-Assist's grammar could not be loaded (intents.path); /readyz and the log say why.",
  },
  HA_ADDRESS_REFUSED: {
    kind: 'upstream_failure',
    meaning: "Home Assistant's address is refused by the address rules.",
  },
  HA_BAD_ANSWER: {
    kind: 'upstream_failure',
    meaning: 'Home Assistant sent something that is not its documented protocol.',
  },
  HA_BINARY_FRAME_EMPTY: {
    kind: 'internal',
    meaning: "An empty binary frame, which would close Home Assistant's socket.",
  },
  HA_CERT_NOT_PINNED: { kind: 'upstream_failure', meaning: "Home Assistant's certificate is not the pinned one." },
  HA_CERT_UNTRUSTED: {
    kind: 'upstream_failure',
    meaning: "Home Assistant's certificate did not verify and is not pinned.",
  },
  HA_COMMAND_FAILED: { kind: 'upstream_failure', meaning: 'Home Assistant answered a command with an error.' },
  HA_CONNECTION_CLOSED: {
    kind: 'upstream_failure',
    meaning: 'The connection to Home Assistant closed while something waited for it.',
  },
  HA_MESSAGE_TOO_LARGE: {
    kind: 'upstream_failure',
    meaning: 'Home Assistant sent a message over the size limit; the connection is closed.',
  },
  HA_PIPELINE_REQUEST_INVALID: {
    kind: 'invalid_request',
    meaning: 'An Assist pipeline run that Home Assistant would refuse (wrong input for its start stage).',
  },
  HA_PUBLIC_ADDRESS: {
    kind: 'upstream_failure',
    meaning: 'A plain-http Home Assistant name resolved to a public address when connecting.',
  },
  HA_STOPPED_ANSWERING: {
    kind: 'upstream_timeout',
    meaning: 'Home Assistant did not answer a keepalive ping in time.',
  },
  HA_TIMEOUT: {
    kind: 'upstream_timeout',
    meaning: 'The handshake with Home Assistant or a command did not finish in time.',
  },
  HA_UNAUTHORIZED: { kind: 'upstream_failure', meaning: "Home Assistant refused the connection's token." },
  HA_UNREACHABLE: { kind: 'upstream_failure', meaning: "Home Assistant's WebSocket could not be opened." },
  HEADERS_TOO_LARGE: {
    kind: 'headers_too_large',
    meaning: "The request's headers are larger than Node's HTTP parser reads (16 KiB); the connection is closed.",
  },
  HOME_NOT_READ: { kind: 'upstream_failure', meaning: "A connection's home could not be read from Home Assistant." },
  HOME_TOO_LARGE: {
    kind: 'invalid_request',
    meaning: 'The home has more entities than HA-Assist matches without a model, and no text model is set.',
  },
  IMAGES_NOT_SUPPORTED: { kind: 'invalid_request', meaning: 'The model is text-only and the request has an image.' },
  IMAGE_URL_UNSUPPORTED: {
    kind: 'invalid_request',
    meaning: 'An image given by URL for an Ollama backend, which takes inline images only.',
  },
  INTERNAL_ERROR: { kind: 'internal', meaning: 'Something unexpected failed; the error is in the log.' },
  INVALID_ADMIN_KEY: { kind: 'authentication', meaning: 'The admin key sent is not the configured one.' },
  INVALID_API_KEY: { kind: 'authentication', meaning: 'The key sent is not a configured one.' },
  INVALID_CHAT_REQUEST: { kind: 'invalid_request', meaning: "The page's chat request is not valid." },
  INVALID_CONNECTION: { kind: 'invalid_request', meaning: 'The connection sent to the admin API is not valid.' },
  INVALID_FORMAT: { kind: 'invalid_request', meaning: 'Ollama\'s format is neither "json" nor a JSON schema.' },
  INVALID_HA_CONTEXT: { kind: 'invalid_request', meaning: "The request's ha_context is not valid." },
  INVALID_IMAGE: { kind: 'invalid_request', meaning: 'An Ollama image is not base64.' },
  INVALID_JSON: { kind: 'invalid_request', meaning: 'The request body is not valid JSON.' },
  INVALID_PLAYGROUND_REQUEST: { kind: 'invalid_request', meaning: "The page's playground request is not valid." },
  INVALID_POLICY: {
    kind: 'invalid_request',
    meaning: 'The limits sent to the admin API are not valid; none were saved.',
  },
  INVALID_QUERY: { kind: 'invalid_request', meaning: 'A query parameter is unknown, repeated or not valid.' },
  INVALID_REQUEST: {
    kind: 'invalid_request',
    meaning: 'The request body does not match the API; param names the field.',
  },
  INVALID_TOOL_ARGUMENTS: {
    kind: 'invalid_request',
    meaning: 'A tool call in the request has arguments that are not a JSON object, which an Ollama backend needs.',
  },
  INVALID_TOOL_CHOICE: {
    kind: 'invalid_request',
    meaning: 'tool_choice names no offered tool, or requires one and none is offered.',
  },
  JOURNAL_UNWRITABLE: { kind: 'unavailable', meaning: 'The journal cannot record a call, so the call is not made.' },
  JSON_TOO_DEEP: { kind: 'invalid_request', meaning: 'The request body nests deeper than 64 levels.' },
  KEY_NOT_CONFIGURED: { kind: 'permission', meaning: 'The endpoint needs a key and hearth has none configured.' },
  LISTEN_FAILED: { kind: 'unavailable', meaning: 'hearth cannot listen on its host and port.' },
  MALFORMED_HTTP: {
    kind: 'invalid_request',
    meaning:
      "The request is not valid HTTP (Node's parser refused it before hearth read it); the connection is closed.",
  },
  MESSAGE_TOO_LONG: {
    kind: 'invalid_request',
    meaning: 'The message is longer than HA-Assist reads without a model, and no text model is set.',
  },
  MISSING_ADMIN_KEY: { kind: 'authentication', meaning: 'The admin API needs the admin key and none was sent.' },
  MISSING_API_KEY: { kind: 'authentication', meaning: 'The endpoint needs an API key and none was sent.' },
  MODEL_CANNOT_EMBED: { kind: 'invalid_request', meaning: 'The model named for embeddings is a chat model.' },
  MODEL_FILE_UNREADABLE: { kind: 'unavailable', meaning: "A local model's file cannot be read." },
  MODEL_LOAD_FAILED: { kind: 'unavailable', meaning: 'A local model, or its context, could not be loaded.' },
  MODEL_NOT_FOUND: {
    kind: 'not_found',
    meaning: 'No enabled model has this name; the message lists those that exist.',
  },
  NOT_FOUND: { kind: 'not_found', meaning: 'There is nothing at this path.' },
  NO_HOME_ASSISTANT_CONTEXT: {
    kind: 'invalid_request',
    meaning: "An HA-Assist request carries none of Home Assistant's context and no text model is set.",
  },
  OPERATION_EXISTS: { kind: 'conflict', meaning: 'The journal already has an operation with this id.' },
  PAGE_NOT_BUILT: { kind: 'not_found', meaning: 'The page was not built (npm run build).' },
  PAYLOAD_TOO_LARGE: { kind: 'payload_too_large', meaning: 'The request body is larger than the limit.' },
  POLICY_FILE_UNREADABLE: { kind: 'internal', meaning: 'The policy file cannot be read.' },
  POLICY_FILE_UNSAFE: {
    kind: 'internal',
    meaning: 'The policy file is a symbolic link, not a regular file, or others can write it.',
  },
  POLICY_FILE_UNWRITABLE: {
    kind: 'unavailable',
    meaning: 'The policy file cannot be written; the limits are unchanged.',
  },
  PROPOSAL_EXISTS: { kind: 'conflict', meaning: 'There is already a proposal with this id.' },
  PROPOSAL_NOT_OPEN: { kind: 'conflict', meaning: 'The proposal was already approved, rejected or expired.' },
  PULL_UNSUPPORTED: { kind: 'invalid_request', meaning: 'hearth downloads no models (/api/pull).' },
  REQUEST_CANCELLED: {
    kind: 'upstream_failure',
    meaning: 'The call to a backend was cancelled because the client went away.',
  },
  REQUEST_TIMEOUT: {
    kind: 'request_timeout',
    meaning: 'The request did not arrive in time (its headers in 10 s, all of it in 15 s); the connection is closed.',
  },
  SECRET_KEY_CHANGED: {
    kind: 'unavailable',
    meaning: 'The secret key is not the one the stored tokens were sealed with.',
  },
  SECRET_KEY_ENV_INVALID: { kind: 'invalid_request', meaning: 'HEARTH_SECRET_KEY does not hold a 32-byte key.' },
  SECRET_KEY_EXPOSED: { kind: 'unavailable', meaning: 'Others can read or write the key file.' },
  SECRET_KEY_INVALID: { kind: 'unavailable', meaning: 'The key file is not a file, or does not hold a 32-byte key.' },
  SECRET_KEY_MISSING: {
    kind: 'unavailable',
    meaning: 'The key file is missing, and stored tokens were sealed with it.',
  },
  SECRET_KEY_UNREADABLE: { kind: 'unavailable', meaning: 'The key file cannot be read.' },
  SECRET_KEY_UNWRITABLE: { kind: 'unavailable', meaning: 'The key file cannot be created.' },
  SECRET_UNREADABLE: { kind: 'internal', meaning: "A connection's stored token cannot be decrypted with the key." },
  SERVER_FILE_BUSY: {
    kind: 'unavailable',
    meaning: 'The file naming the running server is being written by another hearth.',
  },
  SERVER_FILE_UNREADABLE: { kind: 'internal', meaning: 'The file naming the running server cannot be read.' },
  SERVER_FILE_UNWRITABLE: {
    kind: 'internal',
    meaning: 'The file naming the running server cannot be written or removed.',
  },
  SERVER_RUNNING: {
    kind: 'conflict',
    meaning: 'A running hearth already owns this data folder (its server.json names it).',
  },
  TOKENIZER_UNAVAILABLE: { kind: 'unavailable', meaning: "A model's tokenizer file cannot be read or used." },
  TOKENIZER_WIRING: { kind: 'internal', meaning: "A model's own tokenizer reached the wiring of tokenizer files." },
  TOKENIZE_FAILED: { kind: 'upstream_failure', meaning: 'A local model could not count the tokens of a text.' },
  TOOLS_OFF: { kind: 'not_found', meaning: 'The Home Assistant tool add-on is not running.' },
  TOO_MANY_TOOL_ROUNDS: {
    kind: 'upstream_failure',
    meaning: "The page's chat model was still calling tools after the last round.",
  },
  UNKNOWN_CONNECTION: { kind: 'not_found', meaning: 'There is no connection with this name.' },
  UNKNOWN_HOME: { kind: 'not_found', meaning: 'There is no enabled connection with this name.' },
  UNKNOWN_PROPOSAL: { kind: 'not_found', meaning: 'There is no proposal with this id.' },
  UNKNOWN_URL: { kind: 'not_found', meaning: 'There is no endpoint at this method and path.' },
  UNSUPPORTED_DIMENSIONS: {
    kind: 'invalid_request',
    meaning: 'The model cannot give embeddings of the dimensions asked.',
  },
  UNSUPPORTED_MEDIA_TYPE: { kind: 'unsupported_media_type', meaning: 'The request body is not declared as JSON.' },
  UNSUPPORTED_PARAMETER: {
    kind: 'invalid_request',
    meaning: 'The request uses a field or value hearth does not support.',
  },
  UNSUPPORTED_TOOL: { kind: 'invalid_request', meaning: 'The request offers a tool that is not a function tool.' },
  WORKER_FAILED: { kind: 'unavailable', meaning: 'A server worker stopped before it could listen.' },
} as const satisfies Readonly<Record<string, ErrorCodeRow>>;

/** A code of {@link ERROR_CODES}. */
export type ErrorCode = keyof typeof ERROR_CODES;

/** The kind the table gives `C`. */
export type KindOf<C extends ErrorCode> = (typeof ERROR_CODES)[C]['kind'];

/** The codes whose kind is `K`, e.g. the 400s a route's body check may throw. */
export type CodeOfKind<K extends ErrorKind> = { [C in ErrorCode]: KindOf<C> extends K ? C : never }[ErrorCode];

/** True when `value` is a code of {@link ERROR_CODES}. */
export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && Object.hasOwn(ERROR_CODES, value);
}
