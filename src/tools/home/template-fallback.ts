// When a failed template read may be answered through Home Assistant's registries instead.

import type { ReadFailure } from '../../homeassistant/index.ts';

/**
 * A template Home Assistant could not render (an older version, a limited token, an odd answer) may be answered
 * through the registries; a Home Assistant that did not answer in time, or that the address rules refused, is not asked
 * a second way (that would hold the call for a second timeout, and could not succeed).
 */
export function mayAskRegistries(failure: ReadFailure): boolean {
  return failure !== 'unreachable' && failure !== 'refused';
}
