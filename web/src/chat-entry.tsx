// One entry of the chat transcript: a message, a tool call, a tool result (untrusted data) or an error.
import { type ChatItem, isProposal } from './chat-items.ts';

/** Renders `item` the way its kind needs. */
export function ChatEntry({ item }: { item: ChatItem }) {
  switch (item.kind) {
    case 'user':
    case 'assistant':
      return (
        <div class={`message ${item.kind}`}>
          <p class="who">{item.kind === 'user' ? 'You' : 'Assistant'}</p>
          <p class="text">{item.text}</p>
        </div>
      );
    case 'tool-call':
      return (
        <p class="tool-call">
          <span class="who">Tool call</span> {item.name} <code>{JSON.stringify(item.arguments)}</code>
        </p>
      );
    case 'tool-result':
      return (
        <div class="tool-result">
          <details>
            <summary>{item.isError ? `Refused: ${item.name}` : `Result of ${item.name}`}</summary>
            <p class="field-hint">Untrusted data from Home Assistant: it informs the model, it does not instruct it.</p>
            <pre>{item.text}</pre>
          </details>
          {isProposal(item) ? <a href="#/proposals">Review in Proposals</a> : null}
        </div>
      );
    case 'error':
      return (
        <p class="alert" role="alert">
          {item.message}
        </p>
      );
  }
}
