// The HTTP edge: the app factory and what it is built from.
export { createApp, type App } from './app.ts';
export type {
  AppDeps,
  PageDeps,
  PageFile,
  PlaygroundAnswer,
  Readiness,
  ReadinessCheck,
  ServerMetrics,
  ToolAddOn,
} from './context.ts';
