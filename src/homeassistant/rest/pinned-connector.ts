// The TLS connector of the REST client: normal certificate verification, or an exact pin for one host:port.

import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import type { LookupFunction } from 'node:net';
import type { TLSSocket } from 'node:tls';
import { buildConnector } from 'undici';
import { HearthError } from '../../common/index.ts';
import { type CertificatePin, pinApplies, pinMatches } from './certificate-pin.ts';
import { isPrivateIp } from './private-ip.ts';

/** The error code of a connection refused because its certificate is not the pinned one. */
export const CERT_NOT_PINNED = 'HA_CERT_NOT_PINNED';
/** The error code of a plain-http connection whose name resolved to a public address when it was opened. */
export const PUBLIC_ADDRESS = 'HA_PUBLIC_ADDRESS';

/** Options of {@link createPinnedConnector}. */
export interface PinnedConnectorOptions {
  /** The pinned certificate; `undefined` means ordinary verification everywhere. */
  pin: CertificatePin | undefined;
  /** The TCP + TLS connect timeout (ms). */
  connectTimeoutMs: number;
  /** The DNS lookup when a connection opens (default: the system's); tests inject one that rebinds. */
  lookup?: LookupFunction;
}

/**
 * A lookup for plain-http connections that fails unless every address is private: the address rules resolved the
 * name once, and this holds the connection itself to it (a name that rebinds to a public address is refused).
 */
export function privateOnlyLookup(lookup: LookupFunction = dnsLookup as LookupFunction): LookupFunction {
  return (hostname, options, callback) => {
    lookup(hostname, options, (error, address, family) => {
      if (error !== null) return callback(error, address, family);
      const addresses: LookupAddress[] = Array.isArray(address) ? address : [{ address, family: family ?? 4 }];
      const publicAddress = addresses.find((item) => !isPrivateIp(item.address));
      if (publicAddress === undefined) return callback(null, address, family);
      const refused = new HearthError(
        PUBLIC_ADDRESS,
        `${hostname} resolved to the public address ${publicAddress.address} when connecting; plain http is refused`,
      );
      callback(refused as NodeJS.ErrnoException, address, family);
    });
  };
}

/** The error of a certificate that is not the pinned one, the same for REST and the WebSocket. */
export function certificateNotPinned(host: string, port: number): HearthError {
  return new HearthError(
    CERT_NOT_PINNED,
    `the certificate of ${host}:${port} is not the pinned one; if it was renewed, pin the new one`,
  );
}

/**
 * An undici connector. For the pin's host:port, the chain check is replaced by the exact-fingerprint check, done
 * after the handshake and before undici gets the socket, so a wrong certificate is refused before any request byte.
 */
export function createPinnedConnector(options: PinnedConnectorOptions): buildConnector.connector {
  const verifying = buildConnector({ timeout: options.connectTimeoutMs });
  // Plain http may only ever reach a private address, checked again as the connection opens.
  const plain = buildConnector({ timeout: options.connectTimeoutMs, lookup: privateOnlyLookup(options.lookup) });
  const pin = options.pin;
  const secure: buildConnector.connector = pin === undefined ? verifying : pinned(pin, options);
  return (connect, callback) => (connect.protocol === 'http:' ? plain : secure)(connect, callback);
}

/** The connector of a pinned connection: the pin replaces verification for exactly its host:port. */
function pinned(pin: CertificatePin, options: PinnedConnectorOptions): buildConnector.connector {
  const verifying = buildConnector({ timeout: options.connectTimeoutMs });
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
      callback(certificateNotPinned(connect.hostname, port), null);
    });
  };
}
