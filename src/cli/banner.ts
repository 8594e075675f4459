// What `hearth serve` prints when it starts: where it listens, the models, and a request to copy.

import type { Config } from './config-schema.ts';
import { enabledModels, tokenizerOf } from './config-checks.ts';
import { apiKeyTexts } from './api-keys.ts';
import { exposureWarning, type OllamaDiscovery } from '../services/index.ts';

/** What asking Ollama at start came to, for the banner. */
function ollamaLines(ollama: OllamaDiscovery | undefined): string[] {
  if (ollama === undefined) return [];
  if (ollama.kind === 'absent')
    return [
      `no models configured, and no Ollama at ${ollama.url} (${ollama.reason}): HA-Assist answers what it can without a model;`,
      '  add one under `models:` (see the README), or start Ollama (OLLAMA_HOST names where it listens).',
    ];
  const chat = ollama.models.filter((model) => !model.embedding).length;
  return [
    `no models configured: serving the ${chat} chat model${chat === 1 ? '' : 's'} of the Ollama at ${ollama.url} (\`ollama: false\` turns this off)`,
  ];
}

/** The start-up text for a server listening at `url`; `ollama` is what asking a local Ollama found, if it was asked. */
export function renderBanner(
  config: Config,
  url: string,
  configPath: string | undefined,
  ollama?: OllamaDiscovery,
): string {
  const local = url.replace('://0.0.0.0', '://127.0.0.1').replace('://[::]', '://127.0.0.1');
  const settings = config.settings;
  const warning = exposureWarning(config.server.host, apiKeyTexts(config.server.api_keys));
  const lines = [
    `hearth is listening on ${url} (OpenAI-compatible API at ${local}/v1)`,
    `page: ${local}/`,
    ...(warning === undefined ? [] : [warning]),
    `configuration: ${configPath ?? 'none found, using the embedded defaults'}`,
    `intent grammar: ${config.intents.path === null ? 'built-in (English)' : `Home Assistant's intents at ${config.intents.path} (${config.intents.language})`}`,
    ...ollamaLines(ollama),
    'models:',
    `  HA-Assist  virtual; text model: ${settings.ha_assist_text_model ?? 'not set'}, vision model: ${settings.ha_assist_vision_model ?? 'not set'}`,
  ];
  for (const [key, name] of enabledModels(config)) {
    const entry = config.models[key]!;
    const where =
      entry.backend === 'llama-cpp'
        ? `llama.cpp in process on ${entry.model_path}`
        : `${entry.backend} backend at ${entry.base_url} (upstream model ${entry.upstream_model ?? name})`;
    const tokenizer = tokenizerOf(entry);
    lines.push(
      `  ${name}  ${where}; prompts up to ${entry.max_input_tokens} tokens, counted by ${typeof tokenizer === 'string' ? tokenizer : tokenizer.file}`,
    );
  }
  if (config.embeddings !== null) {
    const embeddings = config.embeddings;
    lines.push(
      `embeddings: ${embeddings.backend === 'llama-cpp' ? `llama.cpp in process on ${embeddings.model_path}` : `${embeddings.model} at ${embeddings.base_url} (${embeddings.backend})`}`,
    );
  }
  lines.push(...tryLines(config, local));
  return lines.join('\n');
}

/** The home in the chat example: one light, as Home Assistant's system prompt lists the devices it exposes. */
const EXAMPLE_HOME =
  'Static Context: An overview of the areas and the devices in this smart home:\n' +
  '- names: Kitchen Light\n  domain: light\n  state: "on"\n  areas: Kitchen';

/** What HA-Assist answers to the chat example, with no model. */
export const EXAMPLE_ANSWER = 'Yes, Kitchen Light is on.';

/**
 * Commands to copy, each answering as printed on this start (test/e2e/banner-commands runs them): the chat example
 * carries a home in its system prompt, as Home Assistant's requests do, so HA-Assist answers it without a model.
 */
function tryLines(config: Config, local: string): string[] {
  const auth = config.server.api_keys.length > 0 ? ' -H "Authorization: Bearer $HEARTH_API_KEY"' : '';
  const chat = (messages: object[]) => [
    `  curl -s ${local}/v1/chat/completions${auth} -H 'Content-Type: application/json' \\`,
    // JSON.stringify writes no single quote, so the body is safe inside the shell's single quotes.
    `    -d '${JSON.stringify({ model: 'HA-Assist', messages })}'`,
  ];
  const lines = ['try:', `  curl -s ${local}/v1/models${auth}`];
  // The sentences are English: a grammar in another language would not answer them as printed.
  const { path, language } = config.intents;
  if (path === null || /^en(?:[-_]|$)/u.test(language))
    lines.push(
      `  # HA-Assist answers "${EXAMPLE_ANSWER}" calling no model: the system prompt holds the home, as Home Assistant's does`,
      ...chat([
        { role: 'system', content: EXAMPLE_HOME },
        { role: 'user', content: 'Is the kitchen light on?' },
      ]),
      '  # what HA-Assist does with a sentence, offline, against a demo home',
      '  npx hearth ask "turn on the kitchen light"',
    );
  const model = config.settings.ha_assist_text_model;
  if (model !== null)
    lines.push(
      `  # a request without a home goes to ${model}`,
      ...chat([{ role: 'user', content: 'What is the capital of France?' }]),
    );
  else
    lines.push(
      "  # with no text model, a request without Home Assistant's system prompt or tools is answered 400 saying what",
      '  # HA-Assist needs; settings.ha_assist_text_model names a model (see the README)',
    );
  return lines;
}
