// Temporary: wire.ts's import of the observed backend, until wire.ts imports it from services/ (issue 27).

export { observedBackend } from '../services/index.ts';
