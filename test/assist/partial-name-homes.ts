// Generated homes for the partial-name family: per area devices of two to four words (some with aliases, some of one
// name in several areas), and devices that need their exact name next to others that share words with them.

import type { Entity, Home } from '../../src/homeassistant/request/index.ts';
import { createRandom } from '../fixtures/homes/index.ts';

/** The language a home and its sentences are in. */
export type Language = 'en' | 'de';

/** A kind of device: its words, its domain, its articles (German: accusative and nominative), and whether the grammar reads its kind word as a domain. */
export interface DeviceKind {
  qualifier: string;
  kind: string;
  domain: string;
  accusative: string;
  nominative: string;
  /** The grammar knows the kind word itself ("lamp", "Licht"): the kind alone is never a part we say. */
  isDomainWord: boolean;
  alias?: string;
}

/** A generated device and how it was made. */
export interface PartialDevice {
  entity: Entity;
  kind: DeviceKind;
  area: string;
  /** True for a lock, an alarm panel, a gate or a switch named as a gate's opener: reached only by its exact name. */
  isExactOnly: boolean;
}

/** A generated home and its devices. */
export interface PartialHome {
  seed: number;
  language: Language;
  home: Home;
  areas: string[];
  devices: PartialDevice[];
}

const KINDS: Readonly<Record<Language, readonly DeviceKind[]>> = {
  en: [
    { qualifier: 'Desk', kind: 'Lamp', domain: 'light', accusative: 'the', nominative: 'the', isDomainWord: true },
    {
      qualifier: 'Charger',
      kind: 'Plug',
      domain: 'switch',
      accusative: 'the',
      nominative: 'the',
      isDomainWord: true,
      alias: 'Phone Charger',
    },
    { qualifier: 'Ceiling', kind: 'Fan', domain: 'fan', accusative: 'the', nominative: 'the', isDomainWord: true },
    { qualifier: 'Towel', kind: 'Heater', domain: 'switch', accusative: 'the', nominative: 'the', isDomainWord: false },
    {
      qualifier: 'Reading',
      kind: 'Light',
      domain: 'light',
      accusative: 'the',
      nominative: 'the',
      isDomainWord: true,
      alias: 'Book Light',
    },
  ],
  de: [
    {
      qualifier: 'Schreibtisch',
      kind: 'Lampe',
      domain: 'light',
      accusative: 'die',
      nominative: 'die',
      isDomainWord: true,
    },
    {
      qualifier: 'Lade',
      kind: 'Stecker',
      domain: 'switch',
      accusative: 'den',
      nominative: 'der',
      isDomainWord: true,
      alias: 'Handy Lader',
    },
    {
      qualifier: 'Decken',
      kind: 'Ventilator',
      domain: 'fan',
      accusative: 'den',
      nominative: 'der',
      isDomainWord: true,
    },
    {
      qualifier: 'Handtuch',
      kind: 'Heizung',
      domain: 'switch',
      accusative: 'die',
      nominative: 'die',
      isDomainWord: false,
    },
  ],
};

const AREAS: Readonly<Record<Language, readonly string[]>> = {
  en: ['Office', 'Bedroom', 'Hall', 'Kitchen', 'Study', 'Den', 'Nursery'],
  de: ['Büro', 'Schlafzimmer', 'Flur', 'Küche', 'Keller', 'Gästezimmer'],
};

/** Sensitive devices and the harmless ones that share words with them, per language (the area is put first). */
const SENSITIVE: Readonly<Record<Language, readonly { name: string; domain: string; deviceClass?: string }[]>> = {
  en: [
    { name: 'Door Lock', domain: 'lock' },
    { name: 'Door Light', domain: 'light' },
    { name: 'Alarm Panel', domain: 'alarm_control_panel' },
    { name: 'Alarm Siren Plug', domain: 'switch' },
    { name: 'Garden Gate', domain: 'cover', deviceClass: 'gate' },
    { name: 'Garden Gate Plug', domain: 'switch' },
  ],
  de: [
    { name: 'Tür Schloss', domain: 'lock' },
    { name: 'Tür Stecker', domain: 'switch' },
    { name: 'Alarm Zentrale', domain: 'alarm_control_panel' },
    { name: 'Alarm Sirene Stecker', domain: 'switch' },
    { name: 'Garten Tor', domain: 'cover', deviceClass: 'gate' },
    { name: 'Garten Tor Stecker', domain: 'switch' },
  ],
};

/** The home of `seed` in `language`: three areas, two or three devices each, one kind in two areas, and the sensitive ones. */
export function generatePartialHome(seed: number, language: Language): PartialHome {
  const random = createRandom(seed);
  const pool = [...AREAS[language]];
  const areas: string[] = [];
  while (areas.length < 3) areas.push(pool.splice(random.int(pool.length), 1)[0]!);
  const kinds = KINDS[language];
  const devices: PartialDevice[] = [];
  const add = (name: string, area: string, kind: DeviceKind, aliases: string[]) => {
    const state = random.chance(0.5) ? 'on' : 'off';
    const entityId = `${kind.domain}.${entityKey(name)}`;
    const entity: Entity = { entityId, name, aliases, domain: kind.domain, area, state, attributes: {} };
    devices.push({ entity, kind, area, isExactOnly: false });
  };
  // One kind in every area (a duplicate by its words), then one or two more kinds per area.
  const shared = random.pick(kinds);
  for (const area of areas) {
    const own = kinds.filter((kind) => kind !== shared);
    const more = random.between(1, 2);
    const chosen = [shared];
    while (chosen.length < 1 + more) {
      const kind = random.pick(own);
      if (!chosen.includes(kind)) chosen.push(kind);
    }
    for (const kind of chosen) {
      // Two to four words: the area and the kind, its qualifier most of the time, a side now and then.
      const words = random.chance(0.8) ? [area, kind.qualifier, kind.kind] : [area, kind.kind];
      if (words.length === 3 && random.chance(0.2)) words.push(language === 'en' ? 'Left' : 'Links');
      const aliases = kind.alias !== undefined && kind !== shared ? [kind.alias] : [];
      add(words.join(' '), area, kind, aliases);
    }
  }
  const area = random.pick(areas);
  for (const device of SENSITIVE[language]) {
    const name = `${area} ${device.name}`;
    const entity: Entity = {
      entityId: `${device.domain}.${entityKey(name)}`,
      name,
      aliases: [],
      domain: device.domain,
      area,
      state: device.domain === 'lock' ? 'locked' : device.domain === 'cover' ? 'closed' : 'off',
      attributes: device.deviceClass === undefined ? {} : { device_class: device.deviceClass },
    };
    const kind: DeviceKind = {
      qualifier: '',
      kind: '',
      domain: device.domain,
      accusative: language === 'en' ? 'the' : 'den',
      nominative: language === 'en' ? 'the' : 'der',
      isDomainWord: true,
    };
    const isExactOnly = ['lock', 'alarm_control_panel', 'cover'].includes(device.domain) || /Gate|Tor/u.test(name);
    devices.push({ entity, kind, area, isExactOnly });
  }
  const home: Home = { areas: areas.map((name) => ({ name, aliases: [] })), entities: devices.map((d) => d.entity) };
  return { seed, language, home, areas, devices };
}

function entityKey(name: string): string {
  return name
    .toLowerCase()
    .normalize('NFD')
    .replace(/[^a-z0-9]+/gu, '_');
}
