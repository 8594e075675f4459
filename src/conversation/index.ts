// The plain types the program talks in: messages, tools and tool calls, the turn and the reply.
export {
  textOf,
  hasImage,
  type ContentPart,
  type MessageContent,
  type Message,
  type AssistantMessage,
} from './message.ts';
export type { ToolDefinition, ToolCall, ToolChoice } from './tool.ts';
export type { OllamaNative, Turn, Sampling } from './turn.ts';
export {
  deltasOfReply,
  type Reply,
  type ReplyDelta,
  type ToolCallDelta,
  type Usage,
  type FinishReason,
} from './reply.ts';
export { createToolCallAssembler } from './tool-call-assembler.ts';
