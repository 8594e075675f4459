// The HTTP edge: the app factory and what it is built from.
export { createApp, type App } from './app.ts';
export type { PageDeps, PageFile, PlaygroundAnswer, Readiness, ReadinessCheck, ToolAddOn } from './context.ts';
export type { AssistRoundJson } from './page-contract.ts';
