// A Home Assistant that replays a recorded exchange on loopback, for running the Home Assistant contract against a recording.
export {
  readRecordedExchange,
  type RecordedAuthAnswer,
  type RecordedCommand,
  type RecordedExchange,
  type RecordedRestExchange,
} from './recording.ts';
export {
  NOT_RECORDED_STATUS,
  startReplayHomeAssistant,
  type ReplayedRequest,
  type ReplayHomeAssistant,
} from './server.ts';
