// What an implementation hands the backend contract: the config it must honour and the subject it builds.

import type { Backend } from '../../src/backends/index.ts';
import type { FakeOpenAiServer } from '../fakes/backend/index.ts';

/** The settings every backend under contract is built with, so the contract can check for them. */
export interface BackendContractConfig {
  /** The configured backend name; error messages must name it. */
  name: string;
  /** The model name the server knows; requests must carry it instead of the client's. */
  upstreamModel: string;
  /** Must reach the server only as a bearer token. */
  apiKey: string;
  /** Generous, so ordinary cases never time out on a slow machine; timeout cases use {@link SHORT_READ_TIMEOUT_MS}. */
  readTimeoutMs: number;
}

/** Settings a case may change when it builds another backend of the same kind; `undefined` keeps the config's. */
export interface BackendOverrides {
  baseUrl?: string;
  readTimeoutMs?: number;
}

/** What a setup hands the contract: the backend, the fake server behind it, and how to clean up. */
export interface BackendContractSubject {
  /** Built with the contract's config, talking to `server`. */
  backend: Backend;
  /** The fake server; the contract resets it before every case. */
  server: FakeOpenAiServer;
  /** Another backend of the same kind and config, with some settings changed. */
  createBackend(overrides: BackendOverrides): Backend;
  teardown(): Promise<void>;
}

/** Builds the subject for one implementation. */
export type BackendContractSetup = (config: BackendContractConfig) => Promise<BackendContractSubject>;

/** Gives a case the subject that `before` built. */
export type SubjectOf = () => BackendContractSubject;

/** The config the contract passes to every setup. */
export const CONTRACT_CONFIG: BackendContractConfig = {
  name: 'contract-llm',
  upstreamModel: 'upstream/qwen2.5-7b-instruct',
  apiKey: 'sk-contract-secret-7f3a9c',
  readTimeoutMs: 5_000,
};

/** The read timeout of the backends built for timeout cases; cases assert the error, never the time. */
export const SHORT_READ_TIMEOUT_MS = 250;

/** A guard so a case that would hang fails instead (longer than the default read timeout); never asserted. */
export const HANG_GUARD = { timeout: 10_000 };
