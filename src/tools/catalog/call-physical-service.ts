// call-physical-service: any other allowed service (heating, blinds, scenes, scripts), always confirmed by a person.

import { serviceCallTool } from './service-call-tool.ts';

/** The call-physical-service tool. */
export const callPhysicalServiceTool = serviceCallTool({
  name: 'call-physical-service',
  serviceClass: 'confirmed',
  title: 'Call a service a person confirms',
  description:
    'Calls an allowed service that changes the physical world (heating, blinds, scenes, scripts) on entities named one by one. It always becomes a proposal a person confirms before anything is sent; list-services shows what is allowed.',
});
