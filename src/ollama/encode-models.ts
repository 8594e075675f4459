// Encodes the model list as Ollama's `/api/tags`, `/api/ps` and `/api/show` answers.

import { createHash } from 'node:crypto';
import { ollamaNameOf } from './model-name.ts';

/** A model as the server knows it: its id and who serves it (`hearth`, or the backend kind). */
export interface OllamaModelInfo {
  id: string;
  ownedBy: string;
}

/** The Ollama API version hearth's answers follow; clients gate features such as tools and `think` on it. */
export const OLLAMA_API_VERSION = '0.12.6';

/** `GET /api/tags`: every model, with the fields the official clients read. */
export function encodeTags(models: readonly OllamaModelInfo[], modifiedMs: number): Record<string, unknown> {
  return { models: models.map((model) => encodeEntry(model, modifiedMs)) };
}

/** `GET /api/ps`: hearth holds every model ready, so each is listed as loaded, for `keepMs` more. */
export function encodePs(
  models: readonly OllamaModelInfo[],
  options: { nowMs: number; keepMs: number },
): Record<string, unknown> {
  const expiresAt = new Date(options.nowMs + options.keepMs).toISOString();
  return {
    models: models.map((model) => {
      const { modified_at: _, ...entry } = encodeEntry(model, options.nowMs);
      return { ...entry, expires_at: expiresAt, size_vram: 0 };
    }),
  };
}

/** `POST /api/show` for one model. */
export function encodeShow(model: OllamaModelInfo, modifiedMs: number): Record<string, unknown> {
  return {
    license: '',
    modelfile: `# ${ollamaNameOf(model.id)} is served by hearth\nFROM ${model.id}\n`,
    parameters: '',
    template: '{{ .Prompt }}',
    details: detailsOf(model),
    model_info: { 'general.architecture': model.ownedBy, 'general.basename': model.id },
    capabilities: ['completion', 'tools'],
    modified_at: new Date(modifiedMs).toISOString(),
  };
}

function encodeEntry(model: OllamaModelInfo, modifiedMs: number): Record<string, unknown> {
  const name = ollamaNameOf(model.id);
  return {
    name,
    model: name,
    modified_at: new Date(modifiedMs).toISOString(),
    // Hearth stores no weights: no size, and a digest of the name so it stays the same between runs.
    size: 0,
    digest: createHash('sha256').update(name).digest('hex'),
    details: detailsOf(model),
  };
}

function detailsOf(model: OllamaModelInfo): Record<string, unknown> {
  return {
    parent_model: '',
    format: model.ownedBy === 'hearth' ? 'virtual' : model.ownedBy,
    family: model.ownedBy,
    families: [model.ownedBy],
    parameter_size: '',
    quantization_level: '',
  };
}
