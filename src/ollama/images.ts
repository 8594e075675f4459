// Ollama's images, both ways: bare base64 beside the text, where we keep `data:` URLs in the content's parts.

import { HearthError } from '../common/index.ts';

/** Image types by the first bytes of their base64 (Ollama sends no media type). */
const MEDIA_TYPES: readonly [string, string][] = [
  ['/9j/', 'image/jpeg'],
  ['iVBORw0KGgo', 'image/png'],
  ['R0lGOD', 'image/gif'],
  ['UklGR', 'image/webp'],
];

/** An Ollama image as a `data:` URL, its type read from its first bytes; `param` names it in the error. */
export function dataUrlOfOllamaImage(image: string, param: string): string {
  if (image.startsWith('data:')) return image;
  const base64 = image.replace(/\s+/g, '');
  if (!/^[A-Za-z0-9+/]+=*$/.test(base64)) {
    throw new HearthError('INVALID_IMAGE', `invalid '${param}': an image must be base64`, {
      param,
    });
  }
  const type = MEDIA_TYPES.find(([prefix]) => base64.startsWith(prefix))?.[1] ?? 'image/jpeg';
  return `data:${type};base64,${base64}`;
}

/** The base64 payload of a `data:` URL; other URLs would have to be fetched, which we do not do. */
export function ollamaImageOf(url: string, param: string): string {
  const match = /^data:([^,]*),(.*)$/s.exec(url);
  if (match === null) {
    const scheme = /^[a-z][a-z0-9+.-]*:/i.exec(url)?.[0] ?? 'this kind of';
    throw new HearthError(
      'IMAGE_URL_UNSUPPORTED',
      `${param}: ${scheme} image URLs are not fetched for Ollama backends; send the image inline as a data: URL (data:image/png;base64,...).`,
      { param },
    );
  }
  const [, meta = '', payload = ''] = match;
  if (meta.split(';').includes('base64')) return payload.replace(/\s+/g, '');
  return Buffer.from(decodeURIComponent(payload), 'utf8').toString('base64');
}
