// The TLS connector of the REST client: normal certificate verification, or an exact pin for one host:port.

import type { TLSSocket } from 'node:tls';
import { buildConnector } from 'undici';
import { HearthError } from '../../common/index.ts';
import { type CertificatePin, pinApplies, pinMatches } from './certificate-pin.ts';

/** The error code of a connection refused because its certificate is not the pinned one. */
export const CERT_NOT_PINNED = 'HA_CERT_NOT_PINNED';

/** Options of {@link createPinnedConnector}. */
export interface PinnedConnectorOptions {
  /** The pinned certificate; `undefined` means ordinary verification everywhere. */
  pin: CertificatePin | undefined;
  /** The TCP + TLS connect timeout (ms). */
  connectTimeoutMs: number;
}

/**
 * An undici connector. For the pin's host:port, the chain check is replaced by the exact-fingerprint check, done
 * after the handshake and before undici gets the socket, so a wrong certificate is refused before any request byte.
 */
export function createPinnedConnector(options: PinnedConnectorOptions): buildConnector.connector {
  const verifying = buildConnector({ timeout: options.connectTimeoutMs });
  const pin = options.pin;
  if (pin === undefined) return verifying;
  // No session cache: a resumed session would skip the handshake whose certificate we check.
  const unverified = buildConnector({
    timeout: options.connectTimeoutMs,
    rejectUnauthorized: false,
    maxCachedSessions: 0,
  });
  return (connect, callback) => {
    const port = Number(connect.port || (connect.protocol === 'https:' ? 443 : 80));
    if (connect.protocol !== 'https:' || !pinApplies(pin, connect.hostname, port)) {
      verifying(connect, callback);
      return;
    }
    unverified(connect, (error, socket) => {
      if (error !== null) return callback(error, null);
      const der = (socket as TLSSocket).getPeerCertificate().raw;
      if (der !== undefined && pinMatches(pin, connect.hostname, port, der)) return callback(null, socket);
      socket.destroy();
      callback(
        new HearthError(
          'upstream_failure',
          CERT_NOT_PINNED,
          `the certificate of ${connect.hostname}:${port} is not the pinned one; if it was renewed, pin the new one`,
        ),
        null,
      );
    });
  };
}
