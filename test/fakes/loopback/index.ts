// Shared plumbing of the protocol fakes: a recording loopback server, fault steps, step queues, line streams, fake vectors.
export { startRecordingServer, type RecordedRequest, type RecordingServer, type RecordingServerOptions, type RequestHandler } from './recording-server.ts';
export { isFaultStep, playFault, type DropStep, type FaultStep, type HangStep, type HttpErrorStep, type RawBodyStep } from './faults.ts';
export { createStepQueue, type StepQueue } from './step-queue.ts';
export { pause, sendBody, sendLines, untilAborted, type LineDelivery } from './respond.ts';
export { fakeEmbedding, fnv1a, FAKE_EMBEDDING_DIMENSIONS } from './fake-embedding.ts';
