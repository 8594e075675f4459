// A fake Home Assistant conversation agent: it talks to HA-Assist as HA does and runs its tool calls on a simulated home.

export { createSimulatedHome, type SimulatedHome } from './simulated-home.ts';
export { runConversation, type ConversationTurn, type ConversationOptions } from './conversation.ts';
