// The home model: areas and exposed entities with their state, as Home Assistant would hold them.

import type { PyFloat } from '../python/py-float.ts';

/** A state attribute value with its Python type: integral numbers are ints, {@link PyFloat}s are floats. */
export type HomeAttributeValue = string | number | boolean | null | PyFloat;

/** An area of the home. */
export interface Area {
  /** The area's name, e.g. `Living Room`. */
  name: string;
  /** Area aliases from the area registry, in the order HA lists them. */
  aliases: readonly string[];
  /** The floor's name; only the satellite area line of the prompt shows it. */
  floor?: string;
}

/** An entity exposed to the assistant. */
export interface Entity {
  /** `domain.object_id`, e.g. `light.living_room_light`. */
  entityId: string;
  /** The friendly name. */
  name: string;
  /** Entity-registry aliases, in the order HA lists them. */
  aliases: readonly string[];
  /** The entity's domain, the part of `entityId` before the dot. */
  domain: string;
  /** The name of the entity's (effective) area; absent when it has none. */
  area?: string;
  /** The device class; HA adds it to the state attributes after the entity's own attributes. */
  deviceClass?: string;
  /** The state string, e.g. `on`, `22.4`, `unavailable`. */
  state: string;
  /** The entity's own state attributes in HA's order, without `device_class` (see {@link Entity.deviceClass}). */
  attributes: Readonly<Record<string, HomeAttributeValue>>;
}

/** A home: its areas and the entities exposed to the assistant. */
export interface Home {
  /** Every area, in registry order. */
  areas: readonly Area[];
  /** Every exposed entity, in state-machine order (ties in the name sort keep this order). */
  entities: readonly Entity[];
}
