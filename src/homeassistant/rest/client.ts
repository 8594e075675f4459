// The Home Assistant REST client: one small read per endpoint, and service calls, all sent through the one transport.

import type { EntityWindow, HaHistoryRow, HomeAssistantReader, HomeAssistantWriter, Read } from '../reader.ts';
import { type DecodeAnswer, decodeJson, errorMessage, fail, type RestAnswer } from './answer-reading.ts';
import { HaHistorySchema, HaLogbookSchema, HaServicesSchema, HaStateSchema, HaStatesSchema } from './answer-schemas.ts';
import { type GetConfigResult, HomeAssistantConfigSchema } from './config-schema.ts';
import { historyPath, logbookPath, type ReadPath, statePath } from './read-paths.ts';
import { createRestTransport, type HomeAssistantRestOptions } from './rest-transport.ts';
import { sendServiceCall } from './service-call.ts';

export type { GetConfigResult } from './config-schema.ts';
export type { HomeAssistantRestOptions } from './rest-transport.ts';

/** A REST client for one Home Assistant: the reader's REST reads, and service calls. */
export interface HomeAssistantRest
  extends Pick<
      HomeAssistantReader,
      'getConfig' | 'getStates' | 'getState' | 'getHistory' | 'getLogbook' | 'getServices' | 'renderTemplate'
    >,
    HomeAssistantWriter {
  /** Closes the client's connections. */
  close(): Promise<void>;
}

/** HA's prefix of a template that failed to render (`POST /api/template`, 400). */
const TEMPLATE_ERROR_PREFIX = 'Error rendering template';

/** Creates the REST client of one connection. */
export function createHomeAssistantRest(options: HomeAssistantRestOptions): HomeAssistantRest {
  const transport = createRestTransport(options);
  const getJson = <T>(path: ReadPath, decode: DecodeAnswer<T>): Promise<Read<T>> =>
    path.ok ? transport.send({ method: 'GET', path: path.path, decode }) : Promise.resolve(path);

  return {
    async getConfig(): Promise<GetConfigResult> {
      const read = await getJson({ ok: true, path: '/api/config' }, decodeJson(HomeAssistantConfigSchema));
      return read.ok ? { ok: true, config: read.value } : { ok: false, reason: read.reason };
    },
    getStates: () => getJson({ ok: true, path: '/api/states' }, decodeJson(HaStatesSchema)),
    getState: (entityId) => getJson(statePath(entityId), decodeJson(HaStateSchema)),
    getHistory: (window) => getJson(historyPath(window), decodeHistoryOf(window)),
    getLogbook: (window) => getJson(logbookPath(window), decodeJson(HaLogbookSchema)),
    getServices: () => getJson({ ok: true, path: '/api/services' }, decodeJson(HaServicesSchema)),
    renderTemplate: (template) =>
      transport.send({
        method: 'POST',
        path: '/api/template',
        body: { template },
        // A rendered template is text; older HA sent it as application/octet-stream, so the type is not checked.
        decode: (text) => ({ ok: true, value: text }),
        readError: readTemplateError,
      }),
    callService: (call) => sendServiceCall(transport, call, options.token),
    close: () => transport.close(),
  };
}

/** The rows of the window's entity: its inner array is found by its first row's entity id, not by position. */
function decodeHistoryOf(window: EntityWindow): DecodeAnswer<HaHistoryRow[]> {
  const decode = decodeJson(HaHistorySchema);
  return (text, target) => {
    const read = decode(text, target);
    if (!read.ok) return read;
    // HA leaves out entities without data, so none found means no history in the window.
    const rows = read.value.find((inner) => inner[0]?.entity_id === window.entityId) ?? [];
    return { ok: true, value: rows.map((row) => ({ state: row.state, last_changed: row.last_changed })) };
  };
}

/** A 400 `{"message": "Error rendering template: …"}` is the template's fault, not the connection's. */
function readTemplateError(answer: RestAnswer): Read<string> | undefined {
  if (answer.status !== 400) return undefined;
  const message = errorMessage(answer.text);
  return message?.startsWith(TEMPLATE_ERROR_PREFIX) ? fail('template-error', message) : undefined;
}
