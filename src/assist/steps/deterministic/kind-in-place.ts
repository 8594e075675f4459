// A state question on a kind of device and a place ("is the fan in the bedroom on", "ist der Ventilator im
// Schlafzimmer an"), which Home Assistant's grammar does not have: the kind is read as the grammar reads it in a
// command, and the question is asked of the one device of that kind there.

import type { RecognizeResult } from '../../../hassil/index.ts';
import type { HomeLists } from '../../home-lists.ts';
import type { CatalogEntity, HaRequest } from '../../understand/index.ts';
import { devicesAt, resolveTargets } from './resolve-targets.ts';

/** The question's frame per language: the kind, the place and the state asked, and the command that reads the kind. */
interface KindQuestionFrame {
  readonly pattern: RegExp;
  /** A command on the same kind and place, which the grammar reads into a domain and an area. */
  command(article: string, kind: string, preposition: string, area: string): string;
  /** The question asked of one device by its name. */
  question(article: string, name: string, state: string): string;
}

const FRAMES: Readonly<Record<string, KindQuestionFrame>> = {
  en: {
    pattern: /^is (the) (\p{L}[\p{L} ]*?) (in|on|at) the (\p{L}[\p{L}\p{N} ]*?) (on|off)\s*\??$/iu,
    command: (_article, kind, _preposition, area) => `turn on the ${kind} in the ${area}`,
    question: (_article, name, state) => `is the ${name} ${state}`,
  },
  de: {
    pattern: /^ist (der|die|das) (\p{L}[\p{L} ]*?) (im|in der|in dem) (\p{L}[\p{L}\p{N} ]*?) (an|aus)\s*\??$/iu,
    command: (article, kind, preposition, area) =>
      `schalte ${article === 'der' ? 'den' : article} ${kind} ${preposition} ${area} ein`,
    question: (article, name, state) => `ist ${article} ${name} ${state}`,
  },
};

/** What the question comes to: the question of the one device, several that fit (asked which), or not this frame. */
export type KindInPlace =
  | { kind: 'one'; result: RecognizeResult; text: string }
  | { kind: 'several'; candidates: CatalogEntity[] };

/**
 * The question of `text` about the one device of its kind in its place, or the devices when several fit; undefined
 * when the sentence is no such question, the kind is no domain the grammar knows, or none is there. A kind that is a
 * device class ("the TV") counts only when every device there has its class known: no guess at what a device is.
 */
export function recognizeKindInPlace(
  text: string,
  request: Pick<HaRequest, 'catalog' | 'floorAreas'>,
  lists: Pick<HomeLists, 'entitiesByName' | 'areasByName'>,
  recognize: (text: string) => RecognizeResult | undefined,
  language: string,
): KindInPlace | undefined {
  const frame = FRAMES[language];
  if (frame === undefined) return undefined;
  const said = frame.pattern.exec(text.trim());
  if (said === null) return undefined;
  const [, article = '', kind = '', preposition = '', area = '', state = ''] = said;
  const command = recognize(frame.command(article, kind, preposition, area));
  if (command === undefined || command.entities.name !== undefined) return undefined;
  const resolved = resolveTargets(command, lists);
  if (resolved.kind !== 'resolved' || resolved.targets.area === undefined) return undefined;
  const { targets } = resolved;
  if (targets.domains.length === 0) return undefined;
  const devices = devicesAt(targets, request) ?? [];
  if (targets.deviceClasses.length > 0 && devices.some((device) => device.attributes === undefined)) return undefined;
  // Listed by name, as partial names list theirs.
  const byName = (a: CatalogEntity, b: CatalogEntity) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0);
  if (devices.length > 1) return { kind: 'several', candidates: [...devices].sort(byName) };
  const [device] = devices;
  if (device === undefined) return undefined;
  const question = frame.question(article, device.name, state);
  const result = recognize(question);
  return result === undefined ? undefined : { kind: 'one', result, text: question };
}
