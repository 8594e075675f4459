// What each service does to an entity it targets: one row per service, a pure "what would happen" (ha-apis.md §6.2).

/** The part of a state a service can change. */
export interface EntityState {
  state: string;
  attributes: Record<string, unknown>;
}

/** One service's effect on each of its targets; a service without a row (or without `apply`) changes nothing. */
export interface ServiceEffect {
  /** The target's next state from its current one and the call's data (already checked against the service's fields). */
  apply?: (current: EntityState, data: Record<string, unknown>) => EntityState;
  /** What the service answers for one target when asked for a response (keyed by entity id by the caller). */
  respond?: (current: EntityState, data: Record<string, unknown>) => unknown;
}

type Apply = NonNullable<ServiceEffect['apply']>;

const withState =
  (state: string): Apply =>
  (current) => ({ ...current, state });

const withAttributes = (current: EntityState, attributes: Record<string, unknown>): EntityState => ({
  ...current,
  attributes: { ...current.attributes, ...attributes },
});

const MAX_BRIGHTNESS = 255;

/** `light.turn_on`: `brightness_pct` is scaled to `brightness`; a brightness of 0 turns the light off, as in HA. */
function lightOn(current: EntityState, data: Record<string, unknown>): EntityState {
  const pct = data.brightness_pct === undefined ? undefined : Number(data.brightness_pct);
  const asked = pct === undefined ? data.brightness : Math.round((pct * MAX_BRIGHTNESS) / 100);
  if (asked !== undefined && Number(asked) === 0) return lightOff(current);
  const modes = current.attributes.supported_color_modes;
  const mode = Array.isArray(modes) && typeof modes[0] === 'string' ? modes[0] : 'brightness';
  if (mode === 'onoff') return { state: 'on', attributes: { ...current.attributes, color_mode: 'onoff' } };
  const previous = current.attributes.brightness;
  const brightness = asked ?? (typeof previous === 'number' ? previous : MAX_BRIGHTNESS);
  return { state: 'on', attributes: { ...current.attributes, color_mode: mode, brightness: Number(brightness) } };
}

/** `light.turn_off`: off, and HA clears the attributes that only an on light has. */
function lightOff(current: EntityState): EntityState {
  return { state: 'off', attributes: { ...current.attributes, brightness: null, color_mode: null } };
}

/** `turn_on`, `turn_off` and `toggle` of an on/off domain; `toggle` runs the other two, as `ToggleEntity` does. */
function onOffRows(
  domain: string,
  on: Apply = withState('on'),
  off: Apply = withState('off'),
): Record<string, ServiceEffect> {
  return {
    [`${domain}.turn_on`]: { apply: on },
    [`${domain}.turn_off`]: { apply: off },
    [`${domain}.toggle`]: {
      apply: (current, data) => (current.state === 'on' ? off(current, data) : on(current, data)),
    },
  };
}

/** The services the fake carries out, keyed `domain.service`. */
export const SERVICE_EFFECTS: Readonly<Record<string, ServiceEffect>> = {
  ...onOffRows('light', lightOn, lightOff),
  ...onOffRows('switch'),
  ...onOffRows('input_boolean'),
  'media_player.media_play': { apply: withState('playing') },
  'media_player.media_pause': { apply: withState('paused') },
  'media_player.media_stop': { apply: withState('idle') },
  'media_player.media_play_pause': {
    apply: (current) => ({ ...current, state: current.state === 'playing' ? 'paused' : 'playing' }),
  },
  'media_player.volume_set': {
    apply: (current, data) => withAttributes(current, { volume_level: Number(data.volume_level) }),
  },
  'media_player.volume_mute': {
    apply: (current, data) => withAttributes(current, { is_volume_muted: data.is_volume_muted }),
  },
  'climate.set_temperature': {
    apply: (current, data) => ({
      state: typeof data.hvac_mode === 'string' ? data.hvac_mode : current.state,
      attributes: {
        ...current.attributes,
        ...(data.temperature === undefined ? {} : { temperature: Number(data.temperature) }),
      },
    }),
  },
  'climate.set_hvac_mode': {
    apply: (current, data) => ({
      ...current,
      state: typeof data.hvac_mode === 'string' ? data.hvac_mode : current.state,
    }),
  },
  // A scene or script runs other services; the fake records the call and changes nothing itself.
  'scene.turn_on': {},
  'script.turn_on': {},
  'cover.open_cover': { apply: withState('open') },
  'cover.close_cover': { apply: withState('closed') },
  'lock.lock': { apply: withState('locked') },
  'lock.unlock': { apply: withState('unlocked') },
  'weather.get_forecasts': {
    respond: (current) => ({ forecast: Array.isArray(current.attributes.forecast) ? current.attributes.forecast : [] }),
  },
};
