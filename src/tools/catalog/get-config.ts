// get-config: the Home Assistant's version, time zone, units, language and state; never its location, address or paths.

import { z } from 'zod';
import { defineTool, refusedQuoting } from '../tool.ts';

/** The get-config tool. */
export const getConfigTool = defineTool({
  name: 'get-config',
  kind: 'read',
  title: 'Home Assistant configuration',
  description: "The Home Assistant's version, time zone, units, language and state (no location, address or path).",
  args: z.strictObject({}),
  async run(_args, { reader }) {
    const answer = await reader.getConfig();
    return answer.ok
      ? { kind: 'data', data: answer.config }
      : refusedQuoting('the configuration could not be read from Home Assistant', answer.reason);
  },
});
