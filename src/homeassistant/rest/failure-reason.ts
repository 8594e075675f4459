// The exact, token-free reason a request to Home Assistant failed before an answer arrived.

import { isHearthError } from '../../common/index.ts';
import { CERT_NOT_PINNED, PUBLIC_ADDRESS } from './pinned-connector.ts';

/** Error codes of a certificate that did not verify. */
const UNTRUSTED_CERTIFICATE_CODES = new Set([
  'DEPTH_ZERO_SELF_SIGNED_CERT',
  'SELF_SIGNED_CERT_IN_CHAIN',
  'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
  'UNABLE_TO_GET_ISSUER_CERT_LOCALLY',
  'CERT_HAS_EXPIRED',
  'CERT_NOT_YET_VALID',
  'ERR_TLS_CERT_ALTNAME_INVALID',
]);

/** Options of {@link describeFetchFailure}. */
export interface FailureContext {
  /** The normalised origin that was called, e.g. `https://homeassistant.local:8123`. */
  origin: string;
  /** The whole-request timeout (ms), for the timeout reason. */
  timeoutMs: number;
}

/**
 * Turns what undici's fetch threw into a sentence. Only error codes and the origin go into it, never a message
 * from below, so no request header (the token) can be echoed.
 */
export function describeFetchFailure(error: unknown, context: FailureContext): string {
  const { origin } = context;
  const chain = causeChain(error);
  if (chain.some((link) => link.name === 'TimeoutError' || link.code === 'UND_ERR_CONNECT_TIMEOUT')) {
    return `Home Assistant at ${origin} did not answer within ${context.timeoutMs} ms`;
  }
  // Our own refusals carry their sentence (a host name and an address, never a header).
  const refused = chain.find((link) => link.code === CERT_NOT_PINNED || link.code === PUBLIC_ADDRESS);
  if (refused !== undefined) return refused.message;
  const code = chain.map((link) => link.code).find((found) => found !== undefined);
  if (code === 'ECONNREFUSED') return `Home Assistant at ${origin} refused the connection; is it running on that port?`;
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') return `the host of ${origin} could not be resolved`;
  if (code !== undefined && UNTRUSTED_CERTIFICATE_CODES.has(code)) {
    return `the certificate of ${origin} is not trusted (${code}); if it is self-signed, pin it as host:port=sha256-fingerprint`;
  }
  if (code !== undefined && (code === 'EPROTO' || code.startsWith('ERR_SSL') || code.startsWith('ERR_TLS'))) {
    return `the TLS handshake with ${origin} failed (${code})`;
  }
  if (code === 'ECONNRESET' || code === 'UND_ERR_SOCKET') return `the connection to ${origin} was closed`;
  return `could not reach Home Assistant at ${origin} (${code ?? chain[chain.length - 1]?.name ?? 'unknown error'})`;
}

/**
 * Whether a failure before any answer was one of hearth's own refusals (the pin, a public address at connect time, a
 * certificate that does not verify) or the network failing (a timeout, a refused or reset connection).
 */
export function classifyFetchFailure(error: unknown): 'refused' | 'unreachable' {
  const codes = causeChain(error).map((link) => link.code);
  const isRefusal = codes.some(
    (code) =>
      code === CERT_NOT_PINNED ||
      code === PUBLIC_ADDRESS ||
      (code !== undefined && UNTRUSTED_CERTIFICATE_CODES.has(code)),
  );
  return isRefusal ? 'refused' : 'unreachable';
}

/**
 * Codes that only opening a connection fails with, so the request cannot have been written: name resolution, a port
 * that refused, undici's connect timeout, certificate verification, and hearth's own refusals (the pin, a public
 * address for plain http). Codes that an open connection can also give (`EHOSTUNREACH`, `ETIMEDOUT`, …) are not here.
 */
const CONNECT_ONLY_CODES = new Set([
  'ECONNREFUSED',
  'ENOTFOUND',
  'EAI_AGAIN',
  'UND_ERR_CONNECT_TIMEOUT',
  CERT_NOT_PINNED,
  PUBLIC_ADDRESS,
  ...UNTRUSTED_CERTIFICATE_CODES,
]);

/**
 * Whether a fetch failure provably happened before any byte of the request was written, so Home Assistant cannot
 * have acted on it. Only two things prove it: an error the connector gave (`isConnectFailure`: undici fails only the
 * requests still waiting for that connection, none of which was written), or a code only connecting can give.
 * Everything else — a reset, "other side closed", a headers or body timeout, the abort of the timeout signal, a
 * failure with no code — may have come after the request left, and must be treated as possibly carried out.
 */
export function failedBeforeRequest(error: unknown, isConnectFailure: (error: Error) => boolean): boolean {
  return causeChain(error).some(
    (link) => isConnectFailure(link.error) || (link.code !== undefined && CONNECT_ONLY_CODES.has(link.code)),
  );
}

interface ChainLink {
  error: Error;
  name: string;
  code: string | undefined;
  message: string;
}

/** The error and its causes, outermost first (bounded, in case of a cycle). */
function causeChain(error: unknown): ChainLink[] {
  const links: ChainLink[] = [];
  let current: unknown = error;
  while (current instanceof Error && links.length < 8) {
    const code = isHearthError(current) ? current.code : (current as { code?: unknown }).code;
    links.push({
      error: current,
      name: current.name,
      code: typeof code === 'string' ? code : undefined,
      message: current.message,
    });
    current = current.cause;
  }
  return links;
}
