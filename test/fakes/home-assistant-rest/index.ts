// A fake Home Assistant REST server over real loopback sockets (http and https), observable through its request record.
export {
  startFakeHomeAssistantRest,
  FAKE_CONFIG,
  type FakeRest,
  type FakeRestOptions,
  type FakeRestRequest,
} from './server.ts';
