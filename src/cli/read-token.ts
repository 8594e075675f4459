// Reads a token for `hearth connections add`: one line from a pipe, or typed at a prompt that does not echo it.

import type { ReadStream } from 'node:tty';

/** The streams a token is read from and the prompt written to (stderr, so stdout stays clean). */
export interface TokenInput {
  input: NodeJS.ReadableStream & Partial<Pick<ReadStream, 'isTTY' | 'setRawMode'>>;
  prompt: NodeJS.WritableStream;
}

/** Reads one line: from a pipe as it comes, from a terminal without echo. The line's end is not part of the token. */
export function readToken({ input, prompt }: TokenInput): Promise<string> {
  return input.isTTY === true && input.setRawMode !== undefined
    ? readHidden(input as ReadStream, prompt)
    : readFirstLine(input);
}

function readFirstLine(input: NodeJS.ReadableStream): Promise<string> {
  return new Promise((resolve, reject) => {
    let text = '';
    const onData = (chunk: Buffer | string) => {
      text += chunk.toString();
      const end = text.indexOf('\n');
      if (end >= 0) finish(text.slice(0, end));
    };
    const finish = (line: string) => {
      input.off('data', onData);
      input.off('end', onEnd);
      input.off('error', reject);
      input.pause();
      resolve(line.replace(/\r$/, ''));
    };
    const onEnd = () => finish(text);
    input.on('data', onData);
    input.once('end', onEnd);
    input.once('error', reject);
  });
}

function readHidden(input: ReadStream, prompt: NodeJS.WritableStream): Promise<string> {
  prompt.write('Long-lived access token (not shown): ');
  input.setRawMode(true);
  return new Promise((resolve, reject) => {
    let text = '';
    const done = (line: string | undefined) => {
      input.setRawMode(false);
      input.off('data', onData);
      input.pause();
      prompt.write('\n');
      if (line === undefined) reject(new Error('cancelled'));
      else resolve(line);
    };
    const onData = (chunk: Buffer) => {
      for (const char of chunk.toString('utf8')) {
        if (char === '\r' || char === '\n') return done(text);
        // Ctrl-C and Ctrl-D cancel; backspace removes the last character.
        if (char === '\u0003' || char === '\u0004') return done(undefined);
        if (char === '\u007f' || char === '\b') text = text.slice(0, -1);
        else text += char;
      }
    };
    input.on('data', onData);
    input.resume();
  });
}
