// Temporary: wire.ts's import of the page's services, until wire.ts imports them from services/ (issue 27).

export { buildPageServices } from '../services/index.ts';
