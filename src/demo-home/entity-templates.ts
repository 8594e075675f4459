// Weighted entity templates for generated homes (a declarative table): domains, device classes and name suffixes.

/** One kind of entity within a domain: an optional device class and the names it goes by. */
export interface EntityVariant {
  /** The device class, when the kind has one. */
  deviceClass?: string;
  /** Name suffixes; an entity is named `<Area> <Suffix>`. */
  suffixes: readonly string[];
  /** Relative weight within the domain. */
  weight: number;
}

/** A domain and how often it appears in a generated home. */
export interface DomainTemplate {
  /** The entity domain. */
  domain: string;
  /** Relative weight among all domains. */
  weight: number;
  /** The kinds of entity in this domain. */
  variants: readonly EntityVariant[];
  /** Entities of this domain have no area and are named by the suffix alone (todo lists, weather). */
  isArealess?: boolean;
}

/** The domains of a generated home, weighted roughly like real homes (lights and sensors dominate). */
export const DOMAIN_TEMPLATES: readonly DomainTemplate[] = [
  {
    domain: 'light',
    weight: 26,
    variants: [
      {
        suffixes: ['Ceiling Light', 'Lamp', 'LED Strip', 'Spotlights', 'Pendant', 'Wall Light', 'Desk Lamp'],
        weight: 1,
      },
    ],
  },
  {
    domain: 'switch',
    weight: 10,
    variants: [
      { deviceClass: 'outlet', suffixes: ['Outlet', 'Smart Plug'], weight: 3 },
      { deviceClass: 'switch', suffixes: ['Switch', 'Heater', 'Kettle', 'Fountain'], weight: 1 },
    ],
  },
  {
    domain: 'sensor',
    weight: 18,
    variants: [
      { deviceClass: 'temperature', suffixes: ['Temperature'], weight: 4 },
      { deviceClass: 'humidity', suffixes: ['Humidity'], weight: 3 },
      { deviceClass: 'power', suffixes: ['Power'], weight: 1 },
      { deviceClass: 'illuminance', suffixes: ['Illuminance'], weight: 1 },
      { deviceClass: 'battery', suffixes: ['Battery'], weight: 1 },
    ],
  },
  {
    domain: 'binary_sensor',
    weight: 14,
    variants: [
      { deviceClass: 'motion', suffixes: ['Motion'], weight: 3 },
      { deviceClass: 'window', suffixes: ['Window'], weight: 2 },
      { deviceClass: 'door', suffixes: ['Door Contact'], weight: 2 },
      { deviceClass: 'occupancy', suffixes: ['Occupancy'], weight: 1 },
      { deviceClass: 'moisture', suffixes: ['Leak Sensor'], weight: 1 },
    ],
  },
  {
    domain: 'cover',
    weight: 6,
    variants: [
      { deviceClass: 'blind', suffixes: ['Blinds'], weight: 4 },
      { deviceClass: 'shade', suffixes: ['Shades'], weight: 2 },
      { deviceClass: 'curtain', suffixes: ['Curtains'], weight: 1 },
      { deviceClass: 'shutter', suffixes: ['Shutters'], weight: 1 },
      { deviceClass: 'garage', suffixes: ['Garage Door'], weight: 1 },
      { deviceClass: 'door', suffixes: ['Door Opener'], weight: 1 },
      { deviceClass: 'awning', suffixes: ['Awning'], weight: 1 },
    ],
  },
  { domain: 'climate', weight: 3, variants: [{ suffixes: ['Thermostat', 'Heat Pump', 'Radiator'], weight: 1 }] },
  {
    domain: 'media_player',
    weight: 5,
    variants: [
      { deviceClass: 'speaker', suffixes: ['Speaker'], weight: 3 },
      { deviceClass: 'tv', suffixes: ['TV'], weight: 2 },
      { deviceClass: 'receiver', suffixes: ['Receiver'], weight: 1 },
    ],
  },
  { domain: 'fan', weight: 3, variants: [{ suffixes: ['Fan', 'Ceiling Fan'], weight: 1 }] },
  { domain: 'lock', weight: 2, variants: [{ suffixes: ['Door Lock'], weight: 1 }] },
  { domain: 'vacuum', weight: 1, variants: [{ suffixes: ['Robot Vacuum'], weight: 1 }] },
  {
    domain: 'todo',
    weight: 0.5,
    isArealess: true,
    variants: [{ suffixes: ['Chores', 'Groceries', 'To-do'], weight: 1 }],
  },
  {
    domain: 'weather',
    weight: 0.3,
    isArealess: true,
    variants: [{ suffixes: ['Forecast Home', 'Forecast Cabin'], weight: 1 }],
  },
];
