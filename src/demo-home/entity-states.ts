// Plausible states and state attributes for generated entities, per domain and device class.

import type { AttributeValue } from './home-model.ts';
import { pyFloat } from './py-float.ts';
import type { Random } from './prng.ts';

/** A state with its attributes (without `device_class`, which the entity carries separately). */
export interface EntityState {
  /** The state string. */
  state: string;
  /** The entity's own state attributes, in HA's order. */
  attributes: Record<string, AttributeValue>;
}

/** A decimal with one digit as HA shows sensor values, e.g. `21.4`. */
function oneDecimal(random: Random, min: number, max: number): string {
  return (min + random.int((max - min) * 10 + 1) / 10).toFixed(1);
}

/** A sensor reading with its unit. */
function sensorState(random: Random, deviceClass: string | undefined): EntityState {
  switch (deviceClass) {
    case 'temperature':
      return {
        state: oneDecimal(random, 16, 26),
        attributes: { state_class: 'measurement', unit_of_measurement: '°C' },
      };
    case 'humidity':
      return {
        state: String(random.between(30, 70)),
        attributes: { state_class: 'measurement', unit_of_measurement: '%' },
      };
    case 'power':
      return {
        state: oneDecimal(random, 0, 1500),
        attributes: { state_class: 'measurement', unit_of_measurement: 'W' },
      };
    case 'illuminance':
      return {
        state: String(random.between(0, 800)),
        attributes: { state_class: 'measurement', unit_of_measurement: 'lx' },
      };
    default:
      return { state: String(random.between(5, 100)), attributes: { unit_of_measurement: '%' } };
  }
}

/** A climate entity: HVAC mode, current temperature and setpoint as Python floats. */
function climateState(random: Random): EntityState {
  const mode = random.pick(['heat', 'heat', 'cool', 'auto', 'off']);
  const current = pyFloat(Number(oneDecimal(random, 17, 24)));
  const target = pyFloat(18 + random.int(9) / 2);
  const action = mode === 'off' ? 'off' : random.pick(['idle', mode === 'cool' ? 'cooling' : 'heating']);
  return { state: mode, attributes: { current_temperature: current, temperature: target, hvac_action: action } };
}

/** A media player: playing ones carry a title and artist. */
function mediaPlayerState(random: Random): EntityState {
  const state = random.pick(['playing', 'paused', 'idle', 'off', 'off']);
  if (state === 'off') return { state, attributes: {} };
  const volume = pyFloat(random.int(21) / 20);
  if (state === 'idle') return { state, attributes: { volume_level: volume } };
  const track = random.pick<Record<string, string>>([
    { media_title: 'Blue in Green', media_artist: 'Miles Davis', media_album_name: 'Kind of Blue' },
    { media_title: 'Clair de lune', media_artist: 'Claude Debussy', media_album_name: 'Suite bergamasque' },
    { media_title: 'Morning News', media_artist: 'Radio One' },
  ]);
  return { state, attributes: { volume_level: volume, ...track } };
}

/** A state for an entity of `domain` with `deviceClass`. */
export function makeEntityState(random: Random, domain: string, deviceClass?: string): EntityState {
  switch (domain) {
    case 'light':
      return random.chance(0.4)
        ? { state: 'on', attributes: { color_mode: 'brightness', brightness: random.between(3, 255) } }
        : { state: 'off', attributes: {} };
    case 'switch':
    case 'binary_sensor':
      return { state: random.chance(0.3) ? 'on' : 'off', attributes: {} };
    case 'sensor':
      return sensorState(random, deviceClass);
    case 'cover': {
      const position = random.pick([0, 0, 100, 100, random.between(1, 99)]);
      return { state: position === 0 ? 'closed' : 'open', attributes: { current_position: position } };
    }
    case 'climate':
      return climateState(random);
    case 'media_player':
      return mediaPlayerState(random);
    case 'fan': {
      const percentage = random.pick([0, 0, 33, 66, 100]);
      return { state: percentage === 0 ? 'off' : 'on', attributes: { percentage } };
    }
    case 'lock':
      return { state: random.chance(0.8) ? 'locked' : 'unlocked', attributes: {} };
    case 'vacuum':
      return {
        state: random.pick(['docked', 'docked', 'cleaning', 'returning']),
        attributes: { battery_level: random.between(20, 100) },
      };
    case 'todo':
      return { state: String(random.between(0, 9)), attributes: {} };
    case 'weather':
      return weatherState(random);
    default:
      return { state: 'unknown', attributes: {} };
  }
}

/** A weather entity: condition, temperature (float), humidity (int) and units. */
function weatherState(random: Random): EntityState {
  const condition = random.pick(['sunny', 'partlycloudy', 'cloudy', 'rainy', 'clear-night']);
  const temperature = pyFloat(Number(oneDecimal(random, -5, 30)));
  return { state: condition, attributes: { temperature, temperature_unit: '°C', humidity: random.between(30, 95) } };
}
