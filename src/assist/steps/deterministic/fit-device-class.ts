// A command's device class as the devices' own: the class the grammar read from a word ("the door in the garage")
// is sent only when the devices it means have it; otherwise the one device is sent by its name, or their own classes.

import { normalizeName } from '../../home-lists.ts';
import type { CatalogEntity, HaRequest } from '../../understand/index.ts';
import { catalogWithLiveFacts, deviceClassOf } from './device-facts.ts';
import { liveStateOf } from './live-state.ts';
import { answerWordsFor } from './answer-words.ts';
import { devicesAt, type Targets, type TargetsOutcome } from './resolve-targets.ts';

/** The domains whose classes a sentence names by a word (covers, valves). */
const CLASSED_DOMAINS: ReadonlySet<string> = new Set(['cover', 'valve']);

/** What a class word may mean as a device's own class: a garage door and a gate are doors too. */
const SPOKEN_CLASSES: Readonly<Record<string, readonly string[]>> = {
  door: ['door', 'garage', 'gate'],
  blind: ['blind', 'shade'],
  shade: ['shade', 'blind'],
};

/**
 * Fits the device classes of a command on a place ("close the door in the garage") to the devices there: Home
 * Assistant acts only on devices of the class sent, and rejects the call when none has it. The classes are read from
 * live state first when the request does not give them (once a turn). Commands that name a device, or no class, or
 * a kind other than a cover or valve are left as they are. What it says is in `language`.
 */
export function fitDeviceClass(targets: Targets, request: HaRequest, language: string): TargetsOutcome {
  const spoken = targets.deviceClasses;
  const isPlaced = targets.area !== undefined || targets.floor !== undefined;
  if (targets.entity !== undefined || spoken.length === 0 || !isPlaced) return { kind: 'targets', targets };
  const catalog = catalogWithLiveFacts(request);
  if (catalog === undefined) return { kind: 'targets', targets };
  const kinds = { ...targets, deviceClasses: [] };
  const devices = (devicesAt(kinds, { catalog, floorAreas: request.floorAreas }) ?? []).filter((device) =>
    CLASSED_DOMAINS.has(device.domain),
  );
  if (devices.length === 0) return { kind: 'targets', targets };
  if (devices.some((device) => deviceClassOf(device, catalog) === undefined)) {
    const live = liveStateOf(request);
    return live.kind === 'fetch' ? live : { kind: 'targets', targets };
  }
  const fits = devices.filter((device) => fitsWords(device, deviceClassOf(device, catalog), spoken));
  if (fits.length === 0) {
    const place =
      targets.area === undefined
        ? { kind: 'floor' as const, name: targets.floor ?? '' }
        : { kind: 'area' as const, name: targets.area };
    const reason = `the home has no ${spoken.join(' or ')} ${place.kind === 'area' ? 'in' : 'on'} the ${place.name}`;
    return { kind: 'not-deterministic', reason, answer: answerWordsFor(language).missing(spoken, place) };
  }
  if (fits.every((device) => spoken.includes(deviceClassOf(device, catalog) ?? '')))
    return { kind: 'targets', targets };
  // One device the words mean, of another class or of none: Home Assistant is sent its name.
  const [one] = fits;
  if (one !== undefined && fits.length === 1)
    return { kind: 'targets', targets: { ...targets, entity: one, domains: [one.domain], deviceClasses: [] } };
  const classes = fits.map((device) => deviceClassOf(device, catalog));
  const known = classes.filter((deviceClass): deviceClass is string => typeof deviceClass === 'string');
  // A device of no class cannot be sent with the others by class: which one is meant is asked.
  if (known.length < classes.length)
    return { kind: 'ask', question: answerWordsFor(language).whichOf(fits), candidates: fits };
  // The classes of the devices meant, the spoken ones first.
  const own = [...new Set([...spoken, ...known])].filter((item) => known.includes(item));
  return { kind: 'targets', targets: { ...targets, deviceClasses: own } };
}

/** True when the device is what the class words say: its own class is one they mean, or it has none and its name says one. */
function fitsWords(device: CatalogEntity, deviceClass: string | null | undefined, spoken: readonly string[]): boolean {
  if (deviceClass !== null && deviceClass !== undefined)
    return spoken.some((word) => (SPOKEN_CLASSES[word] ?? [word]).includes(deviceClass));
  const names = [device.name, ...device.aliases].map(normalizeName);
  const words = spoken.flatMap((word) => SPOKEN_CLASSES[word] ?? [word]);
  return words.some((word) => names.some((name) => name.includes(word)));
}
