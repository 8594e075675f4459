// The small home of the shared HA request fixtures: 3 areas, 11 entities (see fixtures/ha-requests/README.md).

import type { Home } from './home-model.ts';
import { pyFloat } from './py-float.ts';

/** The fixtures' small home, with the states of `variants/getlivecontext-tool-message.json`. */
export const FIXTURE_HOME: Home = {
  areas: [
    { name: 'Living Room', aliases: ['Lounge'] },
    { name: 'Kitchen', aliases: [] },
    { name: 'Bedroom', aliases: [] },
  ],
  entities: [
    {
      entityId: 'light.living_room_light',
      name: 'Living Room Light',
      aliases: ['Ceiling Light'],
      domain: 'light',
      area: 'Living Room',
      state: 'on',
      attributes: { color_mode: 'brightness', brightness: 255 },
    },
    { entityId: 'light.floor_lamp', name: 'Floor Lamp', aliases: ['Reading Lamp'], domain: 'light', area: 'Living Room', state: 'off', attributes: {} },
    {
      entityId: 'cover.living_room_blinds',
      name: 'Living Room Blinds',
      aliases: [],
      domain: 'cover',
      area: 'Living Room',
      deviceClass: 'blind',
      state: 'open',
      attributes: { current_position: 100 },
    },
    {
      entityId: 'climate.thermostat',
      name: 'Thermostat',
      aliases: [],
      domain: 'climate',
      area: 'Living Room',
      state: 'heat',
      attributes: { current_temperature: 20.5, temperature: pyFloat(21), hvac_action: 'heating' },
    },
    { entityId: 'light.kitchen_light', name: 'Kitchen Light', aliases: [], domain: 'light', area: 'Kitchen', state: 'off', attributes: {} },
    {
      entityId: 'switch.coffee_maker',
      name: 'Coffee Maker',
      aliases: [],
      domain: 'switch',
      area: 'Kitchen',
      deviceClass: 'outlet',
      state: 'off',
      attributes: {},
    },
    {
      entityId: 'sensor.kitchen_temperature',
      name: 'Kitchen Temperature',
      aliases: [],
      domain: 'sensor',
      area: 'Kitchen',
      deviceClass: 'temperature',
      state: '22.4',
      attributes: { state_class: 'measurement', unit_of_measurement: '°C' },
    },
    { entityId: 'light.bedroom_light', name: 'Bedroom Light', aliases: [], domain: 'light', area: 'Bedroom', state: 'off', attributes: {} },
    { entityId: 'fan.bedroom_fan', name: 'Bedroom Fan', aliases: [], domain: 'fan', area: 'Bedroom', state: 'off', attributes: { percentage: 0 } },
    { entityId: 'lock.front_door', name: 'Front Door', aliases: [], domain: 'lock', state: 'locked', attributes: {} },
    { entityId: 'todo.shopping_list', name: 'Shopping List', aliases: [], domain: 'todo', state: '3', attributes: {} },
  ],
};
