#!/usr/bin/env node
// The add-on's process: serves Home Assistant's ingress (the page inside Home Assistant) and runs hearth as its child.
//
//   node ingress-proxy.mjs --listen PORT --upstream PORT --options FILE -- COMMAND [ARGS…]
//
// The ingress port takes connections from the Supervisor's ingress proxy only (172.30.32.2) and forwards each request
// to hearth on 127.0.0.1. Home Assistant has already signed the person in, so a request that carries no key of its own
// gets the add-on's API key (the first of `api_keys` in FILE, never the admin key). hearth forbids framing its page,
// and Home Assistant shows ingress in a frame of its own origin, so on this port only, the page's answers allow framing
// by the same origin. hearth's own port keeps its rules: every key required, no framing.
//
// COMMAND (hearth) inherits the terminal; SIGTERM and SIGINT go to it, and this process ends with it, so the Supervisor
// sees one program. Node only, no dependencies.

import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer, request } from 'node:http';
import { constants } from 'node:os';
import { isMain } from './is-main.mjs';

/** The address the Supervisor's ingress proxy connects from (Home Assistant's add-on documentation). */
export const SUPERVISOR_INGRESS = '172.30.32.2';

/**
 * Whether a connection from `address` may use the ingress port (IPv4 addresses may arrive IPv6-mapped).
 * @param {string | undefined} address
 * @param {readonly string[]} allowed
 */
export function isAllowed(address, allowed) {
  if (address === undefined) return false;
  const plain = address.startsWith('::ffff:') ? address.slice('::ffff:'.length) : address;
  return allowed.includes(plain);
}

/**
 * The answer's headers with framing by the same origin allowed (X-Frame-Options, CSP frame-ancestors); the rest as is.
 * @param {import('node:http').IncomingHttpHeaders} headers
 * @returns {import('node:http').OutgoingHttpHeaders}
 */
export function framedHeaders(headers) {
  /** @type {import('node:http').OutgoingHttpHeaders} */
  const result = { ...headers };
  if (result['x-frame-options'] !== undefined) result['x-frame-options'] = 'SAMEORIGIN';
  const policy = result['content-security-policy'];
  if (typeof policy === 'string')
    result['content-security-policy'] = policy.replace(/frame-ancestors [^;]*/u, "frame-ancestors 'self'");
  return result;
}

/**
 * The ingress server (not yet listening).
 * @param {{ upstreamPort: number, upstreamHost?: string, apiKey: string | null, allowed?: readonly string[] }} options
 */
export function createIngressProxy({
  upstreamPort,
  upstreamHost = '127.0.0.1',
  apiKey,
  allowed = [SUPERVISOR_INGRESS],
}) {
  return createServer((incoming, outgoing) => {
    if (!isAllowed(incoming.socket.remoteAddress, allowed)) {
      outgoing.writeHead(403, { 'content-type': 'text/plain; charset=utf-8' });
      outgoing.end("hearth's ingress port answers Home Assistant's ingress proxy only.\n");
      return;
    }
    const headers = { ...incoming.headers };
    if (headers.authorization === undefined && apiKey !== null) headers.authorization = `Bearer ${apiKey}`;
    const forwarded = request(
      { host: upstreamHost, port: upstreamPort, method: incoming.method, path: incoming.url, headers },
      (answer) => {
        outgoing.writeHead(answer.statusCode ?? 502, framedHeaders(answer.headers));
        answer.pipe(outgoing);
      },
    );
    forwarded.on('error', (error) => {
      if (outgoing.headersSent) {
        outgoing.destroy();
        return;
      }
      const code = /** @type {NodeJS.ErrnoException} */ (error).code ?? error.message;
      outgoing.writeHead(502, { 'content-type': 'text/plain; charset=utf-8' });
      outgoing.end(`hearth is not answering (${code}); the add-on's log says why.\n`);
    });
    // A person who leaves the page (or stops a streamed answer) ends the request to hearth too.
    outgoing.on('close', () => {
      if (!outgoing.writableFinished) forwarded.destroy();
    });
    incoming.pipe(forwarded);
  });
}

/**
 * The first of the options' `api_keys`, or null (the options file holds the key generated when none was set).
 * @param {unknown} options
 * @returns {string | null}
 */
export function apiKeyOf(options) {
  if (options === null || typeof options !== 'object') return null;
  const keys = /** @type {{ api_keys?: unknown }} */ (options).api_keys;
  return Array.isArray(keys) && typeof keys[0] === 'string' ? keys[0] : null;
}

/**
 * `--listen 8099 --upstream 8080 --options FILE -- COMMAND ARGS…`.
 * @param {string[]} argv
 */
export function parseArguments(argv) {
  const end = argv.indexOf('--');
  if (end < 0 || end === argv.length - 1)
    throw new Error('usage: ingress-proxy.mjs --listen PORT --upstream PORT --options FILE -- COMMAND [ARGS…]');
  /** @type {Record<string, string>} */
  const flags = {};
  const own = argv.slice(0, end);
  for (let index = 0; index < own.length; index += 2) {
    const name = own[index];
    const value = own[index + 1];
    if (name === undefined || !['--listen', '--upstream', '--options'].includes(name) || value === undefined)
      throw new Error(`ingress-proxy.mjs: unknown or incomplete argument ${JSON.stringify(name)}`);
    flags[name.slice(2)] = value;
  }
  const port = (/** @type {string} */ name) => {
    const value = Number(flags[name]);
    if (!Number.isInteger(value) || value < 1 || value > 65535)
      throw new Error(`ingress-proxy.mjs: --${name} needs a port`);
    return value;
  };
  const [command = '', ...args] = argv.slice(end + 1);
  return { listen: port('listen'), upstream: port('upstream'), options: flags.options ?? null, command, args };
}

/** @param {string[]} argv */
function main(argv) {
  const settings = parseArguments(argv);
  const apiKey = settings.options === null ? null : apiKeyOf(JSON.parse(readFileSync(settings.options, 'utf8')));
  const child = spawn(settings.command, settings.args, { stdio: 'inherit' });
  const server = createIngressProxy({ upstreamPort: settings.upstream, apiKey });
  server.on('error', (error) => {
    process.stderr.write(`hearth add-on: the ingress port ${settings.listen} cannot be served: ${error.message}\n`);
    child.kill('SIGTERM');
    process.exitCode = 1;
  });
  server.listen(settings.listen, '0.0.0.0');
  for (const signal of /** @type {const} */ (['SIGTERM', 'SIGINT'])) process.on(signal, () => child.kill(signal));
  child.on('exit', (code, signal) => {
    server.close();
    server.closeAllConnections();
    process.exitCode = code ?? (signal === null ? 1 : 128 + constants.signals[signal]);
  });
  child.on('error', (error) => {
    process.stderr.write(`hearth add-on: hearth cannot start: ${error.message}\n`);
    server.close();
    process.exitCode = 1;
  });
}

if (isMain(import.meta.url)) {
  try {
    main(process.argv.slice(2));
  } catch (error) {
    process.stderr.write(`hearth add-on: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exitCode = 1;
  }
}
