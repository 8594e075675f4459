// Clients that call Home Assistant services themselves (Extended OpenAI Conversation's `execute_services`).
export { planServiceCall, type ServicePlan, type ServicePlanInput } from './plan-service-call.ts';
export { readServiceArguments, writeServiceArguments, type ServiceItem } from './service-arguments.ts';
export { decideServiceResult } from './service-result.ts';
export { servicesToolOf } from './services-tool.ts';
export {
  EXECUTE_SERVICES,
  intentOfCall,
  intentsOfService,
  isServicesTool,
  SERVICE_TABLE,
  serviceDataOf,
  serviceRowOf,
  serviceValuesOf,
  type ServiceRow,
  type ValueField,
} from './service-table.ts';
