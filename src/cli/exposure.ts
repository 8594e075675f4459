// Temporary: wire.ts's import of the loopback rule, until wire.ts imports it from services/ (issue 27).

export { isLoopbackHost } from '../services/index.ts';
