// The Home Assistant REST client: its address rules, certificate pins, and the client itself.
export {
  checkAddress,
  sameInstance,
  LOCAL_NAME_SUFFIXES,
  type AddressCheck,
  type ResolveHost,
} from './address-policy.ts';
export { isPrivateIp } from './private-ip.ts';
export {
  parseCertificatePin,
  pinApplies,
  pinMatches,
  CERTIFICATE_PIN_FORMAT,
  type CertificatePin,
  type CertificatePinParse,
} from './certificate-pin.ts';
export { HomeAssistantConfigSchema, type HomeAssistantConfig } from './config-schema.ts';
export {
  createHomeAssistantRest,
  type GetConfigResult,
  type HomeAssistantRest,
  type HomeAssistantRestOptions,
} from './client.ts';
export {
  HaHistorySchema,
  HaLogbookSchema,
  HaServicesSchema,
  HaStateSchema,
  HaStatesSchema,
} from './answer-schemas.ts';
export { isValidEntityId, haTime } from './read-paths.ts';
export { resolveAll } from './rest-transport.ts';
