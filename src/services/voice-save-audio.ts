// `hearth voice --save-audio`: the answer's speech downloaded from Home Assistant's TTS proxy into a file, or why not.

import { writeFile } from 'node:fs/promises';

/** How long the download may take in all (ms). */
export const DOWNLOAD_TIMEOUT_MS = 30_000;

/** The file was written, or the one-line reason it was not. */
export type SaveOutcome = { ok: true } | { ok: false; reason: string };

/** Downloads `url` (no token: TTS proxy URLs are signed by Home Assistant) and writes it to `file`. */
export async function saveSpeech(
  url: string,
  file: string,
  io: { fetch: typeof globalThis.fetch },
): Promise<SaveOutcome> {
  let bytes: Buffer;
  try {
    // `manual`, so that a redirect is reported with where it led rather than as a bare "fetch failed".
    const response = await io.fetch(url, { redirect: 'manual', signal: AbortSignal.timeout(DOWNLOAD_TIMEOUT_MS) });
    if (response.status >= 300 && response.status < 400) {
      const location = response.headers.get('location') ?? 'an unnamed location';
      return failed(
        `Home Assistant answered the download of ${url} with a redirect to ${location}; it is not followed`,
      );
    }
    if (!response.ok) return failed(`Home Assistant answered HTTP ${response.status} to the download of ${url}`);
    bytes = Buffer.from(await response.arrayBuffer());
  } catch (error) {
    return failed(`the download of ${url} failed: ${describeNetworkFailure(error)}`);
  }
  try {
    await writeFile(file, bytes);
  } catch (error) {
    return failed(`could not write ${file} (${codeOf(error) ?? 'unknown error'})`);
  }
  return { ok: true };
}

function failed(reason: string): SaveOutcome {
  return { ok: false, reason };
}

/** What undici's fetch threw, as words. No token is sent with the download, so undici's own words may be shown. */
function describeNetworkFailure(error: unknown): string {
  const chain: unknown[] = [];
  for (let link = error; link instanceof Error && chain.length < 8; link = link.cause) chain.push(link);
  if (chain.some((link) => (link as Error).name === 'TimeoutError'))
    return `it did not finish within ${DOWNLOAD_TIMEOUT_MS / 1000} s`;
  const code = chain.map(codeOf).find((found) => found !== undefined);
  if (code === 'ECONNREFUSED') return 'the connection was refused';
  if (code === 'ECONNRESET' || code === 'UND_ERR_SOCKET') return 'the connection was reset';
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') return 'the host could not be resolved';
  const last = chain.at(-1) as Error | undefined;
  return code ?? (last?.message || last?.name || 'unknown error');
}

function codeOf(error: unknown): string | undefined {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : undefined;
}
