// Tiny GGUF models for tests, generated at test time into the temp folder (never committed).

import { createHash } from 'node:crypto';
import { mkdir, rename, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { bigramChatModel } from './bigram-chat-model.ts';
import { writeGguf, type GgufContent } from './gguf-writer.ts';
import { randomEmbedModel } from './random-embed-model.ts';

export { BIGRAM_ANSWER, BIGRAM_SECOND_TOOL, BIGRAM_TOOL, BIGRAM_TOOL_ARGUMENTS } from './bigram-chat-model.ts';
export { EMBED_DIMENSIONS } from './random-embed-model.ts';
export { writeGguf, type GgufContent, type GgufTensor, type GgufValue } from './gguf-writer.ts';

/** Paths of the generated test models. */
export interface TestModels {
  /** The bigram chat model: answers {@link BIGRAM_ANSWER}, or a scripted tool call under the tool grammar. */
  chat: string;
  /** The pseudo-random embedding model ({@link EMBED_DIMENSIONS}-d vectors). */
  embed: string;
}

/**
 * Writes the test models into `<tmpdir>/hearth-test-models/` unless a file with the same content hash
 * is already there. Safe when several test processes run at once: each writes a private temporary file
 * and renames it into place, which is atomic, and identical content makes the race harmless.
 */
export async function ensureTestModels(): Promise<TestModels> {
  const folder = join(tmpdir(), 'hearth-test-models');
  await mkdir(folder, { recursive: true });
  const [chat, embed] = await Promise.all([
    ensureModel(folder, 'bigram-chat', bigramChatModel()),
    ensureModel(folder, 'random-embed', randomEmbedModel()),
  ]);
  return { chat, embed };
}

async function ensureModel(folder: string, name: string, content: GgufContent): Promise<string> {
  const bytes = writeGguf(content);
  const hash = createHash('sha256').update(bytes).digest('hex').slice(0, 16);
  const path = join(folder, `${name}-${hash}.gguf`);
  const existing = await stat(path).catch(() => undefined);
  if (existing?.size === bytes.length) return path;
  const temporary = `${path}.${process.pid}.${Math.random().toString(36).slice(2)}.tmp`;
  await writeFile(temporary, bytes);
  await rename(temporary, path);
  return path;
}
