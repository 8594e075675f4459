// Word pools for generated homes (a declarative table): room names, area aliases, floors and stress names.

/** A realistic room name with the aliases people give it. */
export interface AreaName {
  /** The room's name. */
  name: string;
  /** Aliases an area of this name may carry. */
  aliases: readonly string[];
}

/** Realistic room names; numbered (`Bedroom 2`) once a home needs more areas than this pool. */
export const AREA_NAMES: readonly AreaName[] = [
  { name: 'Living Room', aliases: ['Lounge', 'Sitting Room'] },
  { name: 'Kitchen', aliases: ['Cookhouse'] },
  { name: 'Bedroom', aliases: ['Main Bedroom'] },
  { name: 'Bathroom', aliases: ['Washroom'] },
  { name: 'Office', aliases: ['Home Office', 'Workroom'] },
  { name: 'Hallway', aliases: ['Hall', 'Corridor'] },
  { name: 'Dining Room', aliases: ['Dining Area'] },
  { name: 'Garage', aliases: ['Carport'] },
  { name: 'Basement', aliases: ['Downstairs'] },
  { name: 'Attic', aliases: ['Loft'] },
  { name: 'Guest Room', aliases: ['Spare Room'] },
  { name: 'Kids Room', aliases: ["Children's Room"] },
  { name: 'Nursery', aliases: ['Baby Room'] },
  { name: 'Laundry Room', aliases: ['Laundry'] },
  { name: 'Utility Room', aliases: [] },
  { name: 'Study', aliases: ['Library'] },
  { name: 'Den', aliases: ['Snug'] },
  { name: 'Family Room', aliases: ['TV Room'] },
  { name: 'Master Bathroom', aliases: ['En Suite'] },
  { name: 'Guest Bathroom', aliases: ['Guest WC'] },
  { name: 'Entryway', aliases: ['Entrance', 'Foyer'] },
  { name: 'Porch', aliases: [] },
  { name: 'Patio', aliases: ['Terrace'] },
  { name: 'Garden', aliases: ['Yard'] },
  { name: 'Backyard', aliases: [] },
  { name: 'Front Yard', aliases: [] },
  { name: 'Balcony', aliases: [] },
  { name: 'Pantry', aliases: ['Larder'] },
  { name: 'Walk-in Closet', aliases: ['Wardrobe'] },
  { name: 'Playroom', aliases: [] },
  { name: 'Gym', aliases: ['Fitness Room'] },
  { name: 'Workshop', aliases: ['Shed'] },
  { name: 'Sunroom', aliases: ['Conservatory'] },
  { name: 'Mudroom', aliases: ['Boot Room'] },
  { name: 'Staircase', aliases: ['Stairs'] },
  { name: 'Wine Cellar', aliases: ['Cellar'] },
];

/** Non-ASCII room names, used when a generated home stresses Unicode. */
export const NON_ASCII_AREA_NAMES: readonly AreaName[] = [
  { name: 'Küche', aliases: ['Kochnische'] },
  { name: 'Büro', aliases: [] },
  { name: 'Wohnzimmer', aliases: ['Stube'] },
  { name: 'Salle à manger', aliases: [] },
  { name: 'Gäste-WC', aliases: [] },
  { name: 'Dachgeschoß', aliases: ['Dachboden'] },
  { name: 'Séjour', aliases: [] },
  { name: 'Sovrum för gäster', aliases: [] },
];

/** Floors an area can be on. */
export const FLOOR_NAMES: readonly string[] = ['Ground Floor', 'First Floor', 'Second Floor', 'Basement Level'];

/** Entity names that YAML 1.1 or PyYAML's emitter must quote; the first is an entity literally named `On`. */
export const YAML_QUOTED_NAMES: readonly string[] = [
  'On',
  'Off',
  'Yes',
  'No',
  'Null',
  'True',
  '~',
  '22.5',
  '1:30',
  '#1 Light',
  '%Humidity',
  '- Dash Lamp',
  "Kid's Lamp: Left",
  'Lamp #2 ',
  '@Home Switch',
  '2026-03-14',
  '0x10 Panel',
];

/** Non-ASCII entity suffixes, used when a generated home stresses Unicode. */
export const NON_ASCII_SUFFIXES: readonly string[] = [
  'Deckenlampe',
  'Lumière',
  'Ljuskrona',
  'Licht Ø',
  '🎄 Tree Lights',
  'Лампа',
];

/** Aliases people give to entities, per domain; drawn for about 8 % of generated entities. */
export const ENTITY_ALIASES: Readonly<Record<string, readonly string[]>> = {
  light: ['Big Light', 'Main Light', 'Reading Lamp', 'Overhead Light', 'Night Light', 'Mood Light'],
  switch: ['The Switch', 'Plug', 'Power Socket'],
  sensor: ['Thermometer', 'Gauge', 'Meter'],
  binary_sensor: ['Detector', 'Contact'],
  cover: ['Shutters', 'Roller Blind', 'Window Covering'],
  climate: ['Heating', 'AC', 'Thermostat'],
  media_player: ['Telly', 'Music', 'Stereo'],
  fan: ['Box Fan', 'Ventilator'],
  lock: ['Front Lock', 'Deadbolt'],
  vacuum: ['Robot', 'Roomba'],
  todo: ['List', 'Tasks'],
  weather: ['Weather', 'Outside'],
};

/** Words for long alias lists that force PyYAML to fold the `names` line. */
export const LONG_ALIAS_WORDS: readonly string[] = [
  'Ceiling Light',
  'Big Light',
  'Main Light',
  'Overhead Light',
  'The Light Above The Sofa',
  'Lamp Thing',
  'Top Light',
  'Centre Light',
  'Chandelier',
  'Upper Light',
  'Room Light',
  'Bright Light',
];
