// The TLS connection to a pinned host:port, opened and checked against the pin before the WebSocket writes a byte.

import { isIP } from 'node:net';
import { connect, type TLSSocket } from 'node:tls';
import { type CertificatePin, pinMatches } from '../rest/certificate-pin.ts';
import { certificateNotPinned } from '../rest/pinned-connector.ts';

/** Where to connect: the URL's host (an IPv6 address without brackets) and port. */
export interface PinnedTarget {
  host: string;
  port: number;
  pin: CertificatePin;
  /** Aborting destroys the socket and rejects with the signal's reason. */
  signal: AbortSignal;
}

/**
 * Opens TLS without chain verification, which the exact fingerprint replaces, and resolves only when the peer's
 * certificate is the pinned one; otherwise the socket is destroyed and the promise rejects with `HA_CERT_NOT_PINNED`.
 * The WebSocket is then given this socket, so not even the upgrade request reaches a wrong certificate.
 */
export function connectPinnedTls(target: PinnedTarget): Promise<TLSSocket> {
  const { host, port, pin, signal } = target;
  return new Promise((resolve, reject) => {
    // SNI carries names only; an empty servername sends none for an IP address.
    const socket = connect({ host, port, servername: isIP(host) === 0 ? host : '', rejectUnauthorized: false });
    const onAbort = (): void => {
      socket.destroy();
      reject(signal.reason);
    };
    if (signal.aborted) return onAbort();
    signal.addEventListener('abort', onAbort, { once: true });
    socket.once('error', (error) => {
      signal.removeEventListener('abort', onAbort);
      reject(error);
    });
    socket.once('secureConnect', () => {
      signal.removeEventListener('abort', onAbort);
      const der = socket.getPeerCertificate().raw;
      if (der !== undefined && pinMatches(pin, host, port, der)) return resolve(socket);
      socket.destroy();
      reject(certificateNotPinned(host, port));
    });
  });
}
