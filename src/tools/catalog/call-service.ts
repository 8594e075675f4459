// call-service: a quiet service (lights, switches, input booleans, media transport) on named entities.

import { serviceCallTool } from './service-call-tool.ts';

/** The call-service tool. */
export const callServiceTool = serviceCallTool({
  name: 'call-service',
  serviceClass: 'quiet',
  title: 'Call a quiet service',
  description:
    'Calls a quiet service (lights, switches, input booleans, media transport) on entities named one by one. In the asks-first write mode it becomes a proposal a person confirms; list-services shows what is allowed.',
});
