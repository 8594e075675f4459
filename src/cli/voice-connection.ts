// Opens the WebSocket for `hearth voice`: an address with the token from HASS_TOKEN, or a stored connection.

import { HearthError } from '../common/index.ts';
import {
  createHomeAssistantConnection,
  type HomeAssistantConnection,
  type KeepaliveOptions,
  openHomeAssistantSocket,
} from '../homeassistant/index.ts';
import { type ReaderTarget, savedTarget } from '../services/index.ts';
import type { VoiceTarget } from './args.ts';
import type { Config } from './config-schema.ts';
import { openDataFolder } from './data-folder.ts';

/** The opened connection and the address it reached (TTS URLs are relative to it). */
export interface VoiceConnection {
  connection: HomeAssistantConnection;
  address: string;
}

/**
 * A ping every 10 s, and 5 s for its pong: a Home Assistant that stopped answering is noticed within 15 s, however long
 * its run may take.
 */
export const VOICE_KEEPALIVE: KeepaliveOptions = { intervalMs: 10_000, timeoutMs: 5_000 };

/** Opens and authenticates; a missing token is bad usage, anything Home Assistant or the network says is thrown. */
export async function openVoiceConnection(
  target: VoiceTarget,
  env: NodeJS.ProcessEnv,
  options: { config: Config; keepalive: KeepaliveOptions | undefined },
): Promise<VoiceConnection> {
  const reach: ReaderTarget =
    'url' in target ? fromUrl(target.url, env) : fromStore(target.connection, env, options.config);
  const socket = await openHomeAssistantSocket(reach);
  // A pipeline run may stay silent for its whole timeout (300 s by default): the keepalive and the run's watchdog
  // decide when Home Assistant has stopped answering, not the time one command waits.
  const connection = createHomeAssistantConnection(socket, {
    commandTimeoutMs: 330_000,
    keepalive: options.keepalive ?? VOICE_KEEPALIVE,
  });
  return { connection, address: reach.address };
}

function fromUrl(url: string, env: NodeJS.ProcessEnv): ReaderTarget {
  const token = env.HASS_TOKEN?.trim();
  if (!token) throw new HearthError('BAD_ARGUMENTS', 'hearth voice --url needs the token in HASS_TOKEN.');
  return { address: url, token };
}

function fromStore(name: string, env: NodeJS.ProcessEnv, config: Config) {
  const folder = openDataFolder(config, env);
  try {
    const target = savedTarget(folder.connections, name);
    if (target === undefined) throw new HearthError('BAD_ARGUMENTS', `there is no connection named ${name}`);
    return target;
  } finally {
    folder.close();
  }
}
