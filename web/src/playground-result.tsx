// What one HA-Assist run did: its route, the intent and slots, the tool calls, the answer, the prompt and the timings.
import { formatMs } from './route-summary.ts';
import type { PlaygroundPromptJson, PlaygroundResponse } from './types.ts';

/** The result card of a playground run. */
export function PlaygroundResult({ result }: { result: PlaygroundResponse }) {
  const slots = Object.entries(result.slots);
  return (
    <article class="card result" aria-label="Result">
      <p class="route-line">
        <output class={`badge route route-${result.route}`} aria-label="Route">
          {result.route}
        </output>{' '}
        {result.route === 'direct' ? 'no model call' : `→ ${result.model ?? 'no model'}`}
      </p>
      <dl class="facts">
        <dt>Intent</dt>
        <dd>
          {result.intent ? <code>{result.intent}</code> : 'none'}
          {result.slot_combination ? <span class="muted"> ({result.slot_combination})</span> : null}
        </dd>
        <dt>Slots</dt>
        <dd>
          {slots.length === 0
            ? 'none'
            : slots.map(([name, value]) => (
                <span class="slot" key={name}>
                  <code>{name}</code> = {formatValue(value)}
                </span>
              ))}
        </dd>
        <dt>Tool calls</dt>
        <dd>
          {result.tool_calls.length === 0 ? (
            'none'
          ) : (
            <ul class="plain">
              {result.tool_calls.map((call, index) => (
                // The calls are shown once, in the order the run made them, so the position is their identity.
                <li key={index}>
                  <code>
                    {call.name} {JSON.stringify(call.arguments)}
                  </code>
                </li>
              ))}
            </ul>
          )}
        </dd>
        <dt>Answer</dt>
        <dd>{result.answer ?? <span class="muted">none</span>}</dd>
        {result.why ? (
          <>
            <dt>Why</dt>
            <dd>{result.why}</dd>
          </>
        ) : null}
        <dt>Time</dt>
        <dd>{formatTimings(result.timings)}</dd>
      </dl>
      {result.prompt ? <PromptDetails prompt={result.prompt} /> : null}
    </article>
  );
}

function PromptDetails({ prompt }: { prompt: PlaygroundPromptJson }) {
  return (
    <details class="prompt">
      <summary>
        Prompt for the model ({prompt.tokens} tokens, {prompt.token_source})
      </summary>
      {prompt.messages.map((message, index) => (
        // A prompt's messages have no identity but their order.
        <div class="prompt-message" key={index}>
          <p class="who">{message.role}</p>
          <pre>{message.text}</pre>
        </div>
      ))}
      {prompt.tools.length > 0 ? (
        <p>
          Tools: <code>{prompt.tools.join(', ')}</code>
        </p>
      ) : null}
    </details>
  );
}

function formatTimings(timings: PlaygroundResponse['timings']): string {
  const recognize = timings.recognize_ms === null ? 'not run' : formatMs(timings.recognize_ms);
  return `total ${formatMs(timings.total_ms)} (preparing ${formatMs(timings.prep_ms)}, recognizing ${recognize})`;
}

function formatValue(value: unknown): string {
  return typeof value === 'string' ? value : JSON.stringify(value);
}
