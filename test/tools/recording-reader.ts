// An in-memory HomeAssistantReader for the guard's unit tests: canned answers, and a record of every method called.

import type { HaState, HomeAssistantReader, HomeAssistantWriter, Read } from '../../src/homeassistant/index.ts';

/** Canned answers. */
export interface RecordingReaderAnswers {
  state?: HaState;
}

/** A reader that records the names of the methods called, in order. */
export type RecordingReader = HomeAssistantReader & HomeAssistantWriter & { calls: string[] };

const NONE: Read<never> = { ok: false, failure: 'unreachable', reason: 'not scripted' };

/** Creates the reader. Templates fail as on a Home Assistant without labels, so the label exclusion is "not applied". */
export function createRecordingReader(answers: RecordingReaderAnswers = {}): RecordingReader {
  const calls: string[] = [];
  const record = <T>(name: string, value: T): Promise<T> => {
    calls.push(name);
    return Promise.resolve(value);
  };
  return {
    address: 'http://192.168.1.10:8123',
    calls,
    getConfig: () =>
      record('getConfig', {
        ok: true,
        config: {
          version: '2025.10.1',
          time_zone: 'UTC',
          unit_system: { temperature: '°C' },
          language: 'en',
          state: 'RUNNING',
        },
      }),
    getStates: () => record('getStates', { ok: true, value: answers.state ? [answers.state] : [] }),
    getState: () =>
      record(
        'getState',
        answers.state ? { ok: true, value: answers.state } : { ok: false, failure: 'not-found', reason: '404' },
      ),
    getHistory: () => record('getHistory', NONE),
    getLogbook: () => record('getLogbook', NONE),
    getServices: () => record('getServices', NONE),
    renderTemplate: () =>
      record('renderTemplate', {
        ok: false,
        failure: 'template-error',
        reason: "Error rendering template: UndefinedError: 'labels' is undefined",
      }),
    listAreas: () => record('listAreas', NONE),
    listDevices: () => record('listDevices', NONE),
    listEntities: () => record('listEntities', NONE),
    callService: () => record('callService', { kind: 'done' as const, changed: [] }),
    close: () => Promise.resolve(),
  };
}
