// Shared plumbing of the protocol fakes: a recording loopback server, the scripted-fake members, fault steps, step queues, line streams, fake vectors.
export {
  startRecordingServer,
  type RecordedRequest,
  type RecordingServer,
  type RecordingServerOptions,
  type RequestHandler,
} from './recording-server.ts';
export { isJsonObject, jsonObjectBody, requestRoute } from './request-route.ts';
export { createScriptedFake, type ScriptedFake } from './scripted-fake.ts';
export {
  isFaultStep,
  playFault,
  type DropStep,
  type FaultStep,
  type HangStep,
  type HttpErrorStep,
  type RawBodyStep,
} from './faults.ts';
export { createStepQueue, type StepQueue } from './step-queue.ts';
export { pause, sendBody, sendLines, untilAborted, type LineDelivery } from './respond.ts';
export { splitWords } from './split-words.ts';
export { openAiModelList, OPENAI_CREATED } from './openai-model-list.ts';
export { embeddingInputs, fakeEmbedding, fnv1a, FAKE_EMBEDDING_DIMENSIONS } from './fake-embedding.ts';
