// The minimal Home Assistant WebSocket client: socket and handshake, connection, messages, wire types, the pipeline.
export {
  openHomeAssistantSocket,
  type HomeAssistantSocket,
  type HomeAssistantSocketOptions,
  type SocketListener,
  type WebSocketFactory,
} from './socket.ts';
export {
  createHomeAssistantConnection,
  type CommandOutcome,
  type HomeAssistantConnection,
  type HomeAssistantConnectionOptions,
  type KeepaliveOptions,
  type SubscribeOutcome,
  type Subscription,
} from './connection.ts';
export {
  areaRegistryListCommand,
  assistPipelineListCommand,
  assistPipelineRunCommand,
  authMessage,
  binaryFrame,
  deviceRegistryListCommand,
  encodeMessage,
  entityRegistryListCommand,
  pingCommand,
  renderTemplateCommand,
  unsubscribeEventsCommand,
  TEMPLATE_RENDER_TIMEOUT_S,
  wireFloat,
  type WireFloat,
} from './messages.ts';
export {
  DEFAULT_GRACE_MS,
  DEFAULT_WATCHDOG_MARGIN_MS,
  listPipelines,
  runPipeline,
  type PipelineList,
  type PipelineRun,
  type PipelineRunOptions,
} from './assist-pipeline.ts';
export {
  initialRunState,
  isSpokenText,
  nextRunState,
  type PipelineRunResult,
  type RunFindings,
  type RunInput,
  type RunProgress,
  type RunState,
} from './pipeline-run-state.ts';
export * from './pipeline-types.ts';
export { failureOfCommandError, failureOfError, wsError, type WsErrorCode } from './failures.ts';
export * from './types.ts';
