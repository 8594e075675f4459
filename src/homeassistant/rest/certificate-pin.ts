// A pinned certificate: `host:port=sha256-fingerprint`, accepted for exactly that host and port.

import { createHash } from 'node:crypto';
import { isIP } from 'node:net';

/** One pinned certificate: exactly this SHA-256 of the certificate's DER, for exactly this host and port. */
export interface CertificatePin {
  /** Lower case; an IPv6 address without brackets. */
  readonly host: string;
  readonly port: number;
  /** The SHA-256 of the DER certificate: 64 lower-case hex digits, no colons. */
  readonly sha256: string;
}

/** The outcome of {@link parseCertificatePin}. */
export type CertificatePinParse = { ok: true; pin: CertificatePin } | { ok: false; reason: string };

/** The documented pin format, quoted in every refusal. */
export const CERTIFICATE_PIN_FORMAT =
  'host:port=SHA256, the fingerprint as 64 hex digits, with or without colons between byte pairs (as `openssl x509 -noout -fingerprint -sha256` prints it)';

const HEX_PLAIN = /^[0-9a-f]{64}$/i;
const HEX_COLONS = /^[0-9a-f]{2}(?::[0-9a-f]{2}){31}$/i;
const HOST_NAME = /^[a-z0-9](?:[a-z0-9-]*[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]*[a-z0-9])?)*$/i;

/**
 * Parses `host:port=fingerprint`, e.g. `homeassistant.local:8123=8B:6E:…:4E` or `[fd00::1]:8123=8b6e…4e`. Strict:
 * the port is required, the fingerprint is a whole SHA-256, and nothing else is accepted.
 */
export function parseCertificatePin(text: string): CertificatePinParse {
  const refuse = (why: string): CertificatePinParse => ({
    ok: false,
    reason: `the pin ${JSON.stringify(text)} ${why}; write it as ${CERTIFICATE_PIN_FORMAT}`,
  });
  const equals = text.indexOf('=');
  if (equals < 0) return refuse('has no "="');
  const target = text.slice(0, equals);
  const fingerprint = text.slice(equals + 1);
  if (!HEX_PLAIN.test(fingerprint) && !HEX_COLONS.test(fingerprint)) return refuse('has no SHA-256 fingerprint');
  const colon = target.lastIndexOf(':');
  if (colon < 0) return refuse('has no port');
  const port = parsePort(target.slice(colon + 1));
  if (port === undefined) return refuse('has no valid port (1–65535)');
  const host = parseHost(target.slice(0, colon));
  if (host === undefined) return refuse('has no valid host');
  return { ok: true, pin: { host, port, sha256: fingerprint.replaceAll(':', '').toLowerCase() } };
}

/** True when the pin is for exactly this host and port and names exactly this certificate (DER bytes). */
export function pinMatches(pin: CertificatePin, host: string, port: number, certificateDer: Uint8Array): boolean {
  if (!pinApplies(pin, host, port)) return false;
  return createHash('sha256').update(certificateDer).digest('hex') === pin.sha256;
}

/** True when the pin is for exactly this host and port, whatever the certificate. */
export function pinApplies(pin: CertificatePin, host: string, port: number): boolean {
  const bare = host.startsWith('[') && host.endsWith(']') ? host.slice(1, -1) : host;
  return bare.toLowerCase() === pin.host && port === pin.port;
}

function parsePort(text: string): number | undefined {
  if (!/^[1-9][0-9]{0,4}$/.test(text)) return undefined;
  const port = Number(text);
  return port <= 65535 ? port : undefined;
}

function parseHost(text: string): string | undefined {
  if (text.startsWith('[') && text.endsWith(']')) {
    const ip = text.slice(1, -1);
    // The URL parser's spelling (compressed, lower case), so the pin compares equal to a parsed address's host.
    return isIP(ip) === 6 ? new URL(`http://[${ip}]/`).hostname.slice(1, -1) : undefined;
  }
  if (isIP(text) === 4 || HOST_NAME.test(text)) return text.toLowerCase();
  return undefined;
}
