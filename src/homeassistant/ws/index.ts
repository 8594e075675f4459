// The minimal Home Assistant WebSocket client: the socket and its auth handshake, the connection, messages, wire types.
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
  type SubscribeOutcome,
  type Subscription,
} from './connection.ts';
export {
  areaRegistryListCommand,
  authMessage,
  deviceRegistryListCommand,
  entityRegistryListCommand,
  pingCommand,
  renderTemplateCommand,
  unsubscribeEventsCommand,
  TEMPLATE_RENDER_TIMEOUT_S,
} from './messages.ts';
export { failureOfCommandError, failureOfError, wsError, type WsErrorCode } from './failures.ts';
export * from './types.ts';
