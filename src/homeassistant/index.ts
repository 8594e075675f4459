// Clients for Home Assistant: the REST client with its address rules, the WebSocket client, and the reader the tools use.

export * from './rest/index.ts';
export type {
  EntityWindow,
  HaAreaEntry,
  HaDeviceEntry,
  HaEntityEntry,
  HaHistoryRow,
  HaLogbookEntry,
  HaRegistries,
  HaState,
  HomeAssistantClient,
  HomeAssistantReader,
  HomeAssistantWriter,
  ServiceCall,
  ServiceCallOutcome,
  Read,
  ReadFailure,
} from './reader.ts';
export * from './ws/index.ts';
export { createHomeAssistantReader, type HomeAssistantReaderOptions } from './create-reader.ts';
