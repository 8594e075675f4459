// LLM and VLM backends behind one interface.
export type { Backend, CallOptions } from './backend.ts';
export { createOpenAiHttpBackend, type OpenAiHttpBackendOptions } from './openai-http.ts';
