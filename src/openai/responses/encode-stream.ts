// Encodes a streamed reply as the Responses' server-sent events, from `response.created` to `response.completed`.

import { createToolCallAssembler, type ToolCall, type ToolCallDelta, type Usage } from '../../conversation/index.ts';
import type { ResponseHeader } from '../encode-response.ts';
import type { ErrorBody } from '../error-body.ts';
import type { StreamEncoder } from '../encode-stream.ts';
import type { ResponseEcho } from './decode-request.ts';
import {
  encodeResponsesUsage,
  functionCallItem,
  incompleteDetailsOf,
  itemId,
  messageItem,
  outputTextPart,
  reasoningItem,
  responseObject,
  statusOf,
} from './encode-response.ts';

/** The text item being written: a message or a reasoning item, both with one text part at index 0. */
interface OpenText {
  kind: 'message' | 'reasoning';
  id: string;
  outputIndex: number;
  text: string;
}

/** A function call being written; calls stay open until the end, since backends may interleave them. */
interface OpenCall {
  id: string;
  outputIndex: number;
  call: ToolCall;
}

/**
 * A stream encoder for one response. Every event carries `type` and a `sequence_number` counting from 0;
 * the closing `response.completed` (or `response.incomplete`) carries the whole response, usage included.
 */
export function createResponsesStreamEncoder(header: ResponseHeader, echo: ResponseEcho): StreamEncoder {
  let sequence = 0;
  let hasStarted = false;
  let text: OpenText | undefined;
  const calls = new Map<number, OpenCall>();
  // A backend that sends no call id still gets one, stable within the response.
  const assembler = createToolCallAssembler((index) => `call_${itemId('fc', header.id, index).slice('fc_'.length)}`);
  const output: Record<string, unknown>[] = [];
  const counts = { msg: 0, rs: 0 };
  let finishReason = 'stop';
  let usage: Usage | undefined;

  const event = (type: string, payload: Record<string, unknown>): string =>
    `event: ${type}\ndata: ${JSON.stringify({ type, ...payload, sequence_number: sequence++ })}\n\n`;

  function start(frames: string[]): void {
    if (hasStarted) return;
    hasStarted = true;
    const response = responseObject(header, echo, 'in_progress');
    frames.push(event('response.created', { response }), event('response.in_progress', { response }));
  }

  function openText(kind: OpenText['kind'], frames: string[]): OpenText {
    if (text?.kind === kind) return text;
    closeText(frames);
    const prefix = kind === 'message' ? 'msg' : 'rs';
    const opened: OpenText = { kind, id: itemId(prefix, header.id, counts[prefix]++), outputIndex: 0, text: '' };
    opened.outputIndex = output.push({}) - 1;
    const at = { item_id: opened.id, output_index: opened.outputIndex, content_index: 0 };
    const item =
      kind === 'message' ? messageItem(opened.id, undefined, 'in_progress') : reasoningItem(opened.id, undefined);
    const part = kind === 'message' ? outputTextPart('') : { type: 'reasoning_text', text: '' };
    frames.push(
      event('response.output_item.added', { output_index: opened.outputIndex, item }),
      event('response.content_part.added', { ...at, part }),
    );
    text = opened;
    return opened;
  }

  function closeText(frames: string[]): void {
    if (text === undefined) return;
    const { id, outputIndex, kind } = text;
    const at = { item_id: id, output_index: outputIndex, content_index: 0 };
    const item = kind === 'message' ? messageItem(id, text.text, 'completed') : reasoningItem(id, text.text);
    if (kind === 'message') {
      frames.push(
        event('response.output_text.done', { ...at, text: text.text, logprobs: [] }),
        event('response.content_part.done', { ...at, part: outputTextPart(text.text) }),
      );
    } else {
      frames.push(
        event('response.reasoning_text.done', { ...at, text: text.text }),
        event('response.content_part.done', { ...at, part: { type: 'reasoning_text', text: text.text } }),
      );
    }
    frames.push(event('response.output_item.done', { output_index: outputIndex, item }));
    output[outputIndex] = item;
    text = undefined;
  }

  function writeText(kind: OpenText['kind'], delta: string, frames: string[]): void {
    const open = openText(kind, frames);
    open.text += delta;
    const at = { item_id: open.id, output_index: open.outputIndex, content_index: 0 };
    if (kind === 'message') frames.push(event('response.output_text.delta', { ...at, delta, logprobs: [] }));
    else frames.push(event('response.reasoning_text.delta', { ...at, delta }));
  }

  function writeCall(fragment: ToolCallDelta, frames: string[]): void {
    const { fragment: delta, call } = assembler.add(fragment);
    let open = calls.get(delta.index);
    if (open === undefined) {
      closeText(frames);
      const id = itemId('fc', header.id, delta.index);
      open = { id, outputIndex: output.push({}) - 1, call };
      calls.set(delta.index, open);
      // A name split over fragments is whole only in the `done` events; the `added` item has its first piece.
      const item = functionCallItem(id, { ...call, arguments: '' }, 'in_progress');
      frames.push(event('response.output_item.added', { output_index: open.outputIndex, item }));
    }
    open.call = call;
    if (!delta.arguments) return;
    frames.push(
      event('response.function_call_arguments.delta', {
        item_id: open.id,
        output_index: open.outputIndex,
        delta: delta.arguments,
      }),
    );
  }

  function closeAll(frames: string[]): void {
    closeText(frames);
    for (const { id, outputIndex, call } of calls.values()) {
      const at = { item_id: id, output_index: outputIndex };
      const item = functionCallItem(id, call, 'completed');
      frames.push(
        event('response.function_call_arguments.done', { ...at, name: call.name, arguments: call.arguments }),
        event('response.output_item.done', { output_index: outputIndex, item }),
      );
      output[outputIndex] = item;
    }
    calls.clear();
    // A reply with neither text nor calls is still one (empty) message, as the non-streamed response has.
    if (output.length === 0) {
      openText('message', frames);
      closeText(frames);
    }
  }

  return {
    encode(delta) {
      const frames: string[] = [];
      start(frames);
      if (delta.reasoningContent) writeText('reasoning', delta.reasoningContent, frames);
      if (delta.content) writeText('message', delta.content, frames);
      for (const call of delta.toolCalls ?? []) writeCall(call, frames);
      if (delta.finishReason !== undefined) finishReason = delta.finishReason;
      if (delta.usage !== undefined) usage = delta.usage;
      return frames;
    },
    encodeError(body: ErrorBody) {
      const frames: string[] = [];
      start(frames);
      const { code, message, param } = body.error;
      const response = {
        ...responseObject(header, echo, 'failed'),
        output: output.filter((item) => Object.keys(item).length > 0),
        error: { code: code ?? 'server_error', message },
      };
      frames.push(event('error', { code, message, param }), event('response.failed', { response }));
      return frames;
    },
    done() {
      const frames: string[] = [];
      start(frames);
      closeAll(frames);
      const status = statusOf({ finishReason });
      const response: Record<string, unknown> = {
        ...responseObject(header, echo, status),
        output,
        incomplete_details: incompleteDetailsOf({ finishReason }),
      };
      if (usage !== undefined) response.usage = encodeResponsesUsage(usage);
      frames.push(event(status === 'completed' ? 'response.completed' : 'response.incomplete', { response }));
      return frames.join('');
    },
  };
}
