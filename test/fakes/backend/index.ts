// The fake OpenAI-compatible backend server: start it, script its answers, inspect what it received.
export { startFakeOpenAiServer, DEFAULT_TEXT, type FakeOpenAiServer, type FakeOpenAiServerOptions } from './server.ts';
export { DEFAULT_USAGE } from './wire.ts';
export type {
  FakeStep,
  TextStep,
  ToolCallsStep,
  RawStreamStep,
  HttpErrorStep,
  RawBodyStep,
  HangStep,
  DropStep,
  StepDelivery,
  FakeToolCall,
  FakeUsage,
  RecordedRequest,
} from './script.ts';
