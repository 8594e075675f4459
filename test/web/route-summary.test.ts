// The words under the route chart: how many HA-Assist requests, and per route (direct, llm, vlm, in that order)
// how many and their median time; and how the page writes a duration.

import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { formatMs, ROUTES, summarizeRequests } from '../../web/src/route-summary.ts';
import type { AssistTurnJson, AssistRoute } from '../../web/src/types.ts';

/** Requests on `route` taking `ms` each, in the order given. */
function requests(route: AssistRoute, ms: readonly number[]): AssistTurnJson[] {
  return ms.map((time, index) => ({
    at: new Date(Date.UTC(2026, 0, 8, 12, 0, index)).toISOString(),
    route,
    ms: time,
    source: index % 2 === 0 ? 'playground' : 'api',
  }));
}

describe('summarizeRequests', () => {
  const table: [string, AssistTurnJson[], string][] = [
    ['no requests', [], 'No HA-Assist requests yet.'],
    ['one request, singular', requests('direct', [0.9]), '1 request: 1 direct (median 0.9 ms).'],
    [
      'the example of the doc comment: an even count takes the mean of the middle two',
      [...requests('direct', [0.5, 0.6, 0.7, 0.8, 0.9, 0.9, 1.0, 1.1, 1.2, 5]), ...requests('llm', [800, 880])],
      '12 requests: 10 direct (median 0.9 ms), 2 llm (median 840 ms).',
    ],
    [
      'an odd count takes the middle value of the times sorted as numbers, not as text',
      // Sorted as text this would be 10000, 20, 900 and give 20 ms.
      requests('llm', [900, 10000, 20]),
      '3 requests: 3 llm (median 900 ms).',
    ],
    [
      'a median between two whole milliseconds is rounded, with a thousands separator',
      requests('vlm', [1000, 2001]),
      '2 requests: 2 vlm (median 1,501 ms).',
    ],
    [
      'routes in the order direct, llm, vlm whatever the order of the requests, a route without requests left out',
      [...requests('vlm', [4000]), ...requests('direct', [2, 3, 1]), ...requests('vlm', [6000])],
      '5 requests: 3 direct (median 2.0 ms), 2 vlm (median 5,000 ms).',
    ],
    [
      'each route has its own median, however the routes interleave',
      [
        ...requests('llm', [100]),
        ...requests('direct', [1]),
        ...requests('llm', [300]),
        ...requests('direct', [4]),
        ...requests('llm', [200]),
        ...requests('vlm', [50]),
      ],
      '6 requests: 2 direct (median 2.5 ms), 3 llm (median 200 ms), 1 vlm (median 50 ms).',
    ],
  ];
  for (const [name, given, sentence] of table) {
    it(name, () => assert.equal(summarizeRequests(given), sentence));
  }

  it('leaves the requests it was given in their order', () => {
    const given = requests('llm', [900, 10000, 20]);
    summarizeRequests(given);
    assert.deepEqual(
      given.map((request) => request.ms),
      [900, 10000, 20],
    );
  });

  it('lists the routes in the chart order', () => {
    assert.deepEqual(ROUTES, ['direct', 'llm', 'vlm']);
  });
});

describe('formatMs', () => {
  const table: [number, string][] = [
    [0, '0.0 ms'],
    [0.04, '0.0 ms'],
    [0.94, '0.9 ms'],
    [2, '2.0 ms'],
    [9.94, '9.9 ms'],
    [10, '10 ms'],
    [10.4, '10 ms'],
    [10.5, '11 ms'],
    [840, '840 ms'],
    [999.5, '1,000 ms'],
    [12345.6, '12,346 ms'],
  ];
  for (const [ms, text] of table) {
    it(`writes ${ms} as ${text}`, () => assert.equal(formatMs(ms), text));
  }
});
