// The Chat view: a conversation with a chat model that reads the home through hearth's tools, streamed as it comes.
import type { RefObject } from 'preact';
import { useEffect, useId, useRef, useState } from 'preact/hooks';
import { ApiError, openStream, toApiError } from './api.ts';
import { ChatEntry } from './chat-entry.tsx';
import { applyChatEvent, type ChatItem, toConversation } from './chat-items.ts';
import { ErrorAlert } from './error-alert.tsx';
import { readSse } from './sse.ts';
import type { ChatRequest, StatusResponse } from './types.ts';
import { ViewSection } from './view-section.tsx';

/** The Chat view (any key); its models come from the status, and without it the view says why. */
export function ChatView({ status, statusError }: { status: StatusResponse | null; statusError: ApiError | null }) {
  return (
    <ViewSection title="Chat with the home">
      {status === null && statusError === null ? <p class="muted">The chat needs the server's status first.</p> : null}
      {status === null ? <ErrorAlert error={statusError} keyNeed="api" /> : null}
      {status && status.chat_models.length === 0 ? (
        <p>No chat model is configured: add one under models in hearth.yaml.</p>
      ) : null}
      {status && status.chat_models.length > 0 ? <Chat models={status.chat_models} /> : null}
    </ViewSection>
  );
}

function Chat({ models }: { models: readonly string[] }) {
  const id = useId();
  const [model, setModel] = useState(models[0] ?? '');
  const [items, setItems] = useState<ChatItem[]>([]);
  const [draft, setDraft] = useState('');
  const [error, setError] = useState<ApiError | null>(null);
  const [isStreaming, setIsStreaming] = useState(false);
  // The answer being streamed, so New chat and leaving the view can stop it.
  const running = useRef<AbortController | null>(null);
  const log = useRef<HTMLDivElement>(null);
  useEffect(() => () => running.current?.abort(), []);
  useStickToBottom(log, items);

  const send = async () => {
    const text = draft.trim();
    if (!text || isStreaming) return;
    const asked: ChatItem[] = [...items, { kind: 'user', text }];
    const controller = new AbortController();
    running.current = controller;
    setItems(asked);
    setDraft('');
    setError(null);
    setIsStreaming(true);
    try {
      const body: ChatRequest = { model, messages: toConversation(asked) };
      const response = await openStream('/ui/chat', body, controller.signal);
      if (!response.body) throw new ApiError(0, 'hearth answered without a body.');
      for await (const event of readSse(response.body)) setItems((previous) => applyChatEvent(previous, event));
    } catch (caught) {
      if (!controller.signal.aborted) setError(toApiError(caught));
    } finally {
      if (running.current === controller) {
        running.current = null;
        setIsStreaming(false);
      }
    }
  };
  const startOver = () => {
    running.current?.abort();
    running.current = null;
    setItems([]);
    setError(null);
    setIsStreaming(false);
  };
  const onKeyDown = (event: KeyboardEvent) => {
    // Enter sends, Shift+Enter is a new line; Enter that ends an IME composition is neither.
    if (event.key !== 'Enter' || event.shiftKey || event.isComposing) return;
    event.preventDefault();
    void send();
  };

  return (
    <div class="chat">
      <div class="field">
        <label for={`${id}-model`}>Model</label>
        <select id={`${id}-model`} value={model} onChange={(event) => setModel(event.currentTarget.value)}>
          {models.map((name) => (
            <option key={name} value={name}>
              {name}
            </option>
          ))}
        </select>
      </div>
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: the transcript scrolls, and a keyboard must be able to scroll it. */}
      <div class="chat-log" role="log" aria-live="polite" aria-label="Conversation" tabIndex={0} ref={log}>
        {items.length === 0 ? <p class="muted">Ask about the home, e.g. “Which lights are on?”</p> : null}
        {items.map((item, index) => (
          // The transcript only grows at its end, so an entry's position is its identity.
          <ChatEntry key={index} item={item} />
        ))}
        {isStreaming ? <p class="muted typing">Answering…</p> : null}
      </div>
      <ErrorAlert error={error} keyNeed="api" />
      <form
        class="chat-form"
        onSubmit={(event) => {
          event.preventDefault();
          void send();
        }}
      >
        <label for={`${id}-message`}>Message</label>
        <textarea
          id={`${id}-message`}
          rows={3}
          value={draft}
          onInput={(event) => setDraft(event.currentTarget.value)}
          onKeyDown={onKeyDown}
          aria-describedby={`${id}-keys`}
        />
        <p class="field-hint" id={`${id}-keys`}>
          Enter sends; Shift+Enter starts a new line.
        </p>
        <div class="form-actions">
          <button type="submit" disabled={isStreaming}>
            Send
          </button>
          <button type="button" class="secondary" onClick={startOver}>
            New chat
          </button>
        </div>
      </form>
    </div>
  );
}

// Keeps the transcript scrolled to its end as an answer streams in, unless the reader scrolled up to read.
function useStickToBottom(log: RefObject<HTMLElement | null>, content: unknown) {
  const isAtBottom = useRef(true);
  useEffect(() => {
    const element = log.current;
    if (!element) return;
    const onScroll = () => {
      isAtBottom.current = element.scrollHeight - element.scrollTop - element.clientHeight < 40;
    };
    element.addEventListener('scroll', onScroll);
    return () => element.removeEventListener('scroll', onScroll);
  }, [log]);
  useEffect(() => {
    const element = log.current;
    if (element && isAtBottom.current) element.scrollTop = element.scrollHeight;
  }, [log, content]);
}
