// The chat with the home: a physical model answers with the tool add-on's tools, for hearth's own page.
export { runHomeChat } from './tool-loop.ts';
export type { HomeChatEvent, HomeChatMessage } from './chat-event.ts';
