// The device-class families: generated sentences over generated homes, each with what must happen without a model
// and with each scripted answer of the model. A cover, valve or opener is judged by what it is, read from live state
// (at most once a turn), never by a class a call claims; a question names the action asked; a device class sent is the
// device's own, or the device is sent by its name.

import { buildHaRequest, type HaChatRequest } from '../../src/homeassistant/request/index.ts';
import { type DeviceHome, generateDeviceHome, type HomeDevice } from './gate-device-homes.ts';
import type { PlayedRow } from './gate-play.ts';
import type { Outcome, Sent } from './gate-rows.ts';

const seeds = (count: number) => Array.from({ length: count }, (_, i) => generateDeviceHome(2000 + i));

function requestOf(home: DeviceHome, text: string): HaChatRequest {
  return buildHaRequest(home.home, { userText: text, era: '2026' });
}

/** A sentence the grammar plans: the model is never called, whatever it would have said. */
function planned(home: DeviceHome, text: string, outcome: Outcome, maxReads = 1): PlayedRow {
  return {
    text,
    home: home.home,
    request: requestOf(home, text),
    withoutModel: outcome,
    withModel: [{ calls: [], outcome }],
    isDeterministic: true,
    maxReads,
  };
}

/**
 * A sentence only a model takes: without one, the turn cannot be answered. `maxReads` is 1 when the sentence is
 * about a cover or valve whose class the request does not carry: live state is read before the model is called.
 */
function modelOnly(home: DeviceHome, text: string, withModel: PlayedRow['withModel'], maxReads = 0): PlayedRow {
  return {
    text,
    home: home.home,
    request: requestOf(home, text),
    withoutModel: { error: 'backend_not_configured' },
    withModel,
    maxReads,
  };
}

const asked = (question: string): Outcome => ({ answer: `${question}? Say yes to confirm.` });
const sent = (...calls: Sent[]): Outcome => ({ calls });
const named = (tool: string, device: HomeDevice, extra: Record<string, unknown> = {}): Sent => ({
  name: tool,
  arguments: { name: device.name, domain: [device.domain], ...extra },
});

/**
 * Covers and valves by class: blinds, curtains, shades, shutters, awnings, windows and water valves act at once after
 * one live read; garage doors, gates, doors, gas valves and unclassed covers named for a door ask, naming the action.
 */
export function coverClassRows(): PlayedRow[] {
  return seeds(30).map((home, i) => {
    const n = home.random.between(1, 9) * 10;
    const plain = home.random.pick(home.plainCovers);
    const door = home.random.pick(home.doorCovers);
    const water = home.random.pick([home.waterValve, home.waterNamedValve]);
    const gas = home.random.pick([home.gasValve, home.unnamedValve]);
    switch (i % 11) {
      case 0:
        return planned(home, `open the ${plain.name}`, sent(named('HassTurnOn', plain)));
      case 1:
        return planned(home, `set the ${plain.name} to ${n} %`, sent(named('HassSetPosition', plain, { position: n })));
      case 2:
        return planned(home, `open the ${door.name}`, asked(`Open the ${door.name}`));
      case 3:
        return planned(home, `set the ${door.name} to ${n} %`, asked(`Set the ${door.name} to ${n} %`));
      case 4:
        return planned(home, `open the ${home.namedDoor.name}`, asked(`Open the ${home.namedDoor.name}`));
      case 5:
        return planned(home, `open the ${home.unnamedCover.name}`, sent(named('HassTurnOn', home.unnamedCover)));
      case 6:
        return planned(home, `open the ${water.name}`, sent(named('HassTurnOn', water)));
      case 7:
        return planned(home, `set the ${gas.name} to ${n} %`, asked(`Set the ${gas.name} to ${n} %`));
      case 8:
        // Closing is never asked about, and needs no read.
        return planned(home, `close the ${door.name}`, sent(named('HassTurnOff', door)), 0);
      case 9: {
        // The model's turn reads live state first: a blind it opens is known to be a blind, and acts at once.
        const text = `could you let the ${plain.name} up a bit`;
        const position = named('HassSetPosition', plain, { position: n });
        return modelOnly(
          home,
          text,
          [
            { calls: [position], outcome: sent(position) },
            { calls: [named('HassTurnOn', plain)], outcome: sent(named('HassTurnOn', plain)) },
          ],
          1,
        );
      }
      default: {
        // A model's call that claims a class does not change what the device is.
        const text = `could you let the ${door.name} up a bit`;
        const claim = (deviceClass: string): Sent =>
          named('HassSetPosition', door, { device_class: [deviceClass], position: n });
        return modelOnly(
          home,
          text,
          [
            { calls: [claim('blind')], outcome: asked(`Set the ${door.name} to ${n} %`) },
            { calls: [claim('curtain')], outcome: asked(`Set the ${door.name} to ${n} %`) },
            { calls: [named('HassTurnOff', door)], outcome: sent(named('HassTurnOff', door)) },
          ],
          1,
        );
      }
    }
  });
}

/**
 * A garage opener that is a switch or a button: named for a lock, garage, gate or door opener, it asks, whatever class
 * a model's call claims; a plain switch or button acts at once.
 */
export function openerRows(): PlayedRow[] {
  return seeds(30).map((home, i) => {
    const switches = home.openers.filter((device) => device.domain === 'switch');
    const opener = home.random.pick(switches);
    const button = home.openers.find((device) => device.domain === 'button')!;
    const plain = home.random.pick(home.plainSwitches.filter((device) => device.domain === 'switch'));
    const chime = home.plainSwitches.find((device) => device.domain === 'button')!;
    switch (i % 5) {
      case 0:
        return planned(home, `turn on the ${opener.name}`, asked(`Turn on the ${opener.name}`), 0);
      case 1:
        return planned(home, `turn off the ${opener.name}`, asked(`Turn off the ${opener.name}`), 0);
      case 2:
        return planned(home, `turn on the ${plain.name}`, sent(named('HassTurnOn', plain)), 0);
      case 3: {
        const on = (extra: Record<string, unknown>): Sent => ({
          name: 'HassTurnOn',
          arguments: { name: opener.name, ...extra },
        });
        return modelOnly(home, `please get the ${opener.name} going`, [
          { calls: [on({ device_class: ['outlet'] })], outcome: asked(`Turn on the ${opener.name}`) },
          { calls: [on({ domain: ['switch'] })], outcome: asked(`Turn on the ${opener.name}`) },
          { calls: [on({})], outcome: asked(`Turn on the ${opener.name}`) },
          { calls: [], outcome: { answer: 'model says' } },
        ]);
      }
      default: {
        const press = (device: HomeDevice): Sent => ({ name: 'HassTurnOn', arguments: { name: device.name } });
        const isChime = i % 2 === 0;
        const pushed = isChime ? chime : button;
        return modelOnly(home, `could you push the ${pushed.name} for me`, [
          { calls: [press(pushed)], outcome: isChime ? sent(press(chime)) : asked(`Press the ${button.name}`) },
        ]);
      }
    }
  });
}

/**
 * Device classes in calls: the class the grammar read from a word is sent only when the devices it means have it;
 * one device of another class (or of none) is sent by its name; a place with no such device is said so.
 */
export function callClassRows(): PlayedRow[] {
  return seeds(30).map((home, i) => {
    const [a0, a1, a2, , , a5] = home.areas as [string, string, string, string, string, string];
    const garage = home.doorCovers[0]!;
    const [blinds] = home.plainCovers as [HomeDevice];
    const shades = home.plainCovers.find((device) => device.deviceClass === 'shade')!;
    const off = (args: Record<string, unknown>): Outcome => sent({ name: 'HassTurnOff', arguments: args });
    const byClass = (area: string, deviceClass: string) => ({ area, domain: ['cover'], device_class: [deviceClass] });
    const byName = (device: HomeDevice) => ({ name: device.name, area: device.area, domain: ['cover'] });
    switch (i % 10) {
      case 0:
        return planned(home, `close the door in the ${home.garageArea}`, off(byName(garage)));
      case 1:
        return planned(home, `close the door in the ${home.doorArea}`, off(byClass(home.doorArea, 'door')));
      case 2:
        return planned(home, `close the blinds in the ${a0}`, off(byClass(a0, 'blind')));
      case 3:
        return planned(home, `close the shades in the ${a0}`, off(byName(blinds)));
      case 4:
        return planned(home, `close the blinds in the ${a2}`, off(byName(shades)));
      case 5:
        return planned(home, `close the door in the ${a1}`, off(byName(home.namedDoor)));
      case 6: {
        // No device there has the class: without a model that is the answer; a model may know what was meant.
        const row = planned(home, `close the windows in the ${a0}`, { answer: `There is no window in the ${a0}.` });
        return { ...row, withModel: [{ calls: [], outcome: { answer: 'model says' } }], isDeterministic: false };
      }
      case 7:
        return planned(home, `open the doors in the ${home.garageArea}`, asked(`Open the ${garage.name}`));
      case 8:
        return planned(
          home,
          `open the curtains in the ${a1}`,
          sent({ name: 'HassTurnOn', arguments: byClass(a1, 'curtain') }),
        );
      default:
        return planned(home, `close the gate in the ${a5}`, off(byClass(a5, 'gate')));
    }
  });
}
