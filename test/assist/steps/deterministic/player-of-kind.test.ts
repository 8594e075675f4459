// The one media player a command on a kind means: read from live state first, by its class or what it plays, in the
// command's state, at the place; a question when unsure.

import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { understandRequest } from '../../../../src/assist/index.ts';
import { type PlayerSaid, playerOfKind } from '../../../../src/assist/steps/deterministic/player-of-kind.ts';
import type { Targets } from '../../../../src/assist/steps/deterministic/resolve-targets.ts';
import { buildHaRequest, type Entity, type Home } from '../../../../src/homeassistant/request/index.ts';
import { decodeChatRequest } from '../../../../src/openai/index.ts';
import { liveContextOf, withResult } from '../../ha-turns.ts';

const player = (name: string, area: string, state: string, deviceClass?: string): Entity => ({
  entityId: `media_player.${name.toLowerCase().replaceAll(' ', '_')}`,
  name,
  aliases: [],
  domain: 'media_player',
  area,
  state,
  attributes: {},
  ...(deviceClass === undefined ? {} : { deviceClass }),
});

const HOME: Home = {
  areas: ['Den', 'Hall', 'Loft'].map((name) => ({ name, aliases: [] })),
  entities: [
    player('Den Bravia', 'Den', 'playing', 'tv'),
    player('Den Sonos', 'Den', 'idle', 'speaker'),
    player('Hall Denon', 'Hall', 'paused', 'receiver'),
    player('Hall Kodi', 'Hall', 'playing'),
    player('Loft Echo', 'Loft', 'off', 'speaker'),
  ],
};

/** The request of a turn that has read live state (`isRead`), or not; `playsMusic` players play music (an older prompt). */
function requestOf(isRead: boolean, playsMusic: readonly string[] = []) {
  const first = buildHaRequest(HOME, { userText: 'stop the music', era: '2026' });
  const body = isRead
    ? withResult(first, { id: 'r1', name: 'GetLiveContext', arguments: '{}' }, liveContextOf(HOME))
    : first;
  const request = understandRequest(decodeChatRequest(body));
  if (request.liveContext === undefined) return request;
  // Home Assistant's live context carries no `media_content_type`; a prompt with attributes may.
  const entities = request.liveContext.entities.map((entity) =>
    playsMusic.includes(entity.name)
      ? { ...entity, attributes: { ...entity.attributes, media_content_type: 'music' } }
      : entity,
  );
  return { ...request, liveContext: { ...request.liveContext, entities } };
}

const at = (area: string): Targets => ({ area, domains: [], deviceClasses: [] });
const music: PlayerSaid = { kind: 'music', isUntitledPlay: false, language: 'en' };
const nameOf = (outcome: ReturnType<typeof playerOfKind>) =>
  outcome.kind === 'targets' ? outcome.targets.entity?.name : outcome.kind === 'ask' ? outcome.question : outcome.kind;

describe('playerOfKind', () => {
  it('reads live state first', () => {
    assert.deepEqual(playerOfKind('HassMediaPause', at('Den'), requestOf(false), music), {
      kind: 'fetch',
      call: { name: 'GetLiveContext', arguments: '{}' },
    });
  });
  it('music with only a TV playing asks about it; a TV playing music is the one', () => {
    assert.equal(
      nameOf(playerOfKind('HassMediaPause', at('Den'), requestOf(true), music)),
      'Do you mean the Den Bravia in the Den?',
    );
    assert.equal(
      nameOf(playerOfKind('HassMediaPause', at('Den'), requestOf(true, ['Den Bravia']), music)),
      'Den Bravia',
    );
  });
  it('a player of no class in the state makes it a question', () => {
    const outcome = playerOfKind('HassMediaPause', at('Hall'), requestOf(true), { ...music, kind: 'radio' });
    assert.equal(nameOf(outcome), 'Do you mean the Hall Kodi in the Hall?');
  });
  it("the command's state selects: resume is the paused receiver", () => {
    assert.equal(nameOf(playerOfKind('HassMediaUnpause', at('Hall'), requestOf(true), music)), 'Hall Denon');
  });
  it('a device kind with none at the place says so', () => {
    const outcome = playerOfKind('HassMediaPause', at('Loft'), requestOf(true), { ...music, kind: 'tv' });
    assert.deepEqual(outcome, {
      kind: 'not-deterministic',
      reason: 'no tv at the place',
      answer: 'There is no TV in the Loft.',
    });
  });
  it('a play request naming no title with nothing paused at the place says so', () => {
    const outcome = playerOfKind('HassMediaUnpause', at('Den'), requestOf(true), { ...music, isUntitledPlay: true });
    assert.equal(
      outcome.kind === 'not-deterministic' ? outcome.answer : outcome.kind,
      'Nothing is paused. What would you like to hear?',
    );
  });
  it('with no place, the home: the one paused player', () => {
    const home: Targets = { domains: [], deviceClasses: [], anywhere: true };
    const outcome = playerOfKind('HassMediaUnpause', home, requestOf(true), { isUntitledPlay: true, language: 'de' });
    assert.equal(nameOf(outcome), 'Hall Denon');
  });
});
