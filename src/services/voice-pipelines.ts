// `hearth voice pipelines`: the Assist pipelines Home Assistant has, and its preferred one.

import { type HomeAssistantConnection, listPipelines } from '../homeassistant/index.ts';

/** Prints the pipelines (one JSON object with `isJson`, else one line each, the preferred one marked). */
export async function printPipelines(
  connection: HomeAssistantConnection,
  isJson: boolean,
  io: { print: (text: string) => void },
): Promise<void> {
  const { pipelines, preferred } = await listPipelines(connection);
  if (isJson) io.print(JSON.stringify({ pipelines, preferred_pipeline: preferred }));
  for (const pipeline of isJson ? [] : pipelines)
    io.print(
      `${pipeline.id}\t${pipeline.name}\t${pipeline.language}${pipeline.id === preferred ? '\t(preferred)' : ''}`,
    );
}
