// The product's fixed demo home (hand-written data): a small, friendly home used by `hearth ask --home demo`.

import { pyFloat, type Entity, type Home } from '../homeassistant/request/index.ts';

/** Shorthand for an entity whose id is `domain.object_id`. */
function entity(
  entityId: string,
  fields: Omit<Entity, 'entityId' | 'domain' | 'aliases'> & { aliases?: string[] },
): Entity {
  const domain = entityId.slice(0, entityId.indexOf('.'));
  return { entityId, domain, ...fields, aliases: fields.aliases ?? [] };
}

/** A fixed home of 22 entities in 6 areas on two floors, with a few aliases and one of each common device. */
export const DEMO_HOME: Home = {
  areas: [
    { name: 'Living Room', aliases: ['Lounge'], floor: 'Ground Floor' },
    { name: 'Kitchen', aliases: [], floor: 'Ground Floor' },
    { name: 'Hallway', aliases: ['Entrance'], floor: 'Ground Floor' },
    { name: 'Bedroom', aliases: [], floor: 'First Floor' },
    { name: 'Office', aliases: ['Study'], floor: 'First Floor' },
    { name: 'Bathroom', aliases: [], floor: 'First Floor' },
  ],
  entities: [
    entity('light.living_room_light', {
      name: 'Living Room Light',
      aliases: ['Ceiling Light'],
      area: 'Living Room',
      state: 'on',
      attributes: { color_mode: 'brightness', brightness: 180 },
    }),
    entity('light.floor_lamp', {
      name: 'Floor Lamp',
      aliases: ['Reading Lamp'],
      area: 'Living Room',
      state: 'off',
      attributes: {},
    }),
    entity('cover.living_room_blinds', {
      name: 'Living Room Blinds',
      area: 'Living Room',
      deviceClass: 'blind',
      state: 'open',
      attributes: { current_position: 100 },
    }),
    entity('climate.thermostat', {
      name: 'Thermostat',
      area: 'Living Room',
      state: 'heat',
      attributes: { current_temperature: 20.5, temperature: pyFloat(21), hvac_action: 'heating' },
    }),
    entity('media_player.living_room_tv', {
      name: 'Living Room TV',
      aliases: ['Telly'],
      area: 'Living Room',
      deviceClass: 'tv',
      state: 'off',
      attributes: {},
    }),
    entity('light.kitchen_light', {
      name: 'Kitchen Light',
      area: 'Kitchen',
      state: 'on',
      attributes: { color_mode: 'brightness', brightness: 255 },
    }),
    entity('switch.coffee_maker', {
      name: 'Coffee Maker',
      area: 'Kitchen',
      deviceClass: 'outlet',
      state: 'off',
      attributes: {},
    }),
    entity('sensor.kitchen_temperature', {
      name: 'Kitchen Temperature',
      area: 'Kitchen',
      deviceClass: 'temperature',
      state: '22.4',
      attributes: { state_class: 'measurement', unit_of_measurement: '°C' },
    }),
    entity('media_player.kitchen_speaker', {
      name: 'Kitchen Speaker',
      area: 'Kitchen',
      deviceClass: 'speaker',
      state: 'playing',
      attributes: {
        volume_level: 0.35,
        media_title: 'Clair de lune',
        media_artist: 'Claude Debussy',
        media_album_name: 'Suite bergamasque',
      },
    }),
    entity('light.hallway_light', { name: 'Hallway Light', area: 'Hallway', state: 'off', attributes: {} }),
    entity('binary_sensor.hallway_motion', {
      name: 'Hallway Motion',
      area: 'Hallway',
      deviceClass: 'motion',
      state: 'off',
      attributes: {},
    }),
    entity('vacuum.robot_vacuum', {
      name: 'Robot Vacuum',
      area: 'Hallway',
      state: 'docked',
      attributes: { battery_level: 92 },
    }),
    entity('light.bedroom_light', { name: 'Bedroom Light', area: 'Bedroom', state: 'off', attributes: {} }),
    entity('fan.bedroom_fan', { name: 'Bedroom Fan', area: 'Bedroom', state: 'on', attributes: { percentage: 33 } }),
    entity('cover.bedroom_blinds', {
      name: 'Bedroom Blinds',
      area: 'Bedroom',
      deviceClass: 'blind',
      state: 'closed',
      attributes: { current_position: 0 },
    }),
    entity('sensor.bedroom_humidity', {
      name: 'Bedroom Humidity',
      area: 'Bedroom',
      deviceClass: 'humidity',
      state: '48',
      attributes: { state_class: 'measurement', unit_of_measurement: '%' },
    }),
    entity('light.desk_lamp', {
      name: 'Desk Lamp',
      area: 'Office',
      state: 'on',
      attributes: { color_mode: 'brightness', brightness: 128 },
    }),
    entity('binary_sensor.office_window', {
      name: 'Office Window',
      area: 'Office',
      deviceClass: 'window',
      state: 'off',
      attributes: {},
    }),
    entity('light.bathroom_light', { name: 'Bathroom Light', area: 'Bathroom', state: 'off', attributes: {} }),
    entity('lock.front_door', { name: 'Front Door', state: 'locked', attributes: {} }),
    entity('todo.shopping_list', { name: 'Shopping List', state: '3', attributes: {} }),
    entity('weather.forecast_home', {
      name: 'Forecast Home',
      state: 'partlycloudy',
      attributes: { temperature: pyFloat(14), temperature_unit: '°C', humidity: 71 },
    }),
  ],
};
