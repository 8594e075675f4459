// The fake OpenAI-compatible backend server: start it, script its answers, inspect what it received.
export { startFakeOpenAiServer, DEFAULT_TEXT, type FakeOpenAiServer, type FakeOpenAiServerOptions } from './server.ts';
export { DEFAULT_USAGE } from './wire.ts';
export type {
  FakeStep,
  TextStep,
  ToolCallsStep,
  RawStreamStep,
  StepDelivery,
  FakeToolCall,
  FakeUsage,
} from './script.ts';
export type { HttpErrorStep, RawBodyStep, HangStep, DropStep, RecordedRequest } from '../loopback/index.ts';
