// The OpenAI `GET /v1/models` answer, shared by the fakes that speak the OpenAI API.

/** The fixed `created` time (seconds) of every listed model, so output is deterministic. */
export const OPENAI_CREATED = 1_700_000_000;

/** The `/v1/models` body listing `models` by id. */
export function openAiModelList(models: readonly string[]): Record<string, unknown> {
  return {
    object: 'list',
    data: models.map((id) => ({ id, object: 'model', created: OPENAI_CREATED, owned_by: 'fake' })),
  };
}
