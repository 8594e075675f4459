// The configuration the end-to-end suites start hearth with: the fake OpenAI server's model as HA-Assist's text
// model, plus the suite's own models.

/** YAML with `gemma` at `fakeBaseUrl` as HA-Assist's text model, no verification delay, and `moreModels` lines. */
export function gemmaConfig(fakeBaseUrl: string, moreModels: readonly string[] = []): string {
  return [
    'models:',
    '  gemma:',
    `    base_url: ${fakeBaseUrl}`,
    '    upstream_model: gemma-4-E2B-it',
    '    timeouts: {read: 5}',
    ...moreModels,
    'settings:',
    '  ha_assist_text_model: gemma',
    '  ha_assist_verify_delay: 0',
  ].join('\n');
}
