// checkAddress and sameInstance: which addresses may receive the token, with the exact reasons.

import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { checkAddress, isPrivateIp, sameInstance } from '../../../src/homeassistant/rest/index.ts';

const HTTP_RULE =
  'plain http is allowed only for a private IP address, a single-label name or a name ending in .local, .lan, .home, .internal or .home.arpa';

/** A resolver with a fixed table; unknown names fail like a DNS miss. */
const RESOLVER = async (host: string): Promise<string[]> => {
  const table: Record<string, string[]> = {
    homeassistant: ['192.168.1.10'],
    'ha.local': ['192.168.1.10', 'fd00::10'],
    'ha.lan': ['10.0.0.5'],
    'evil.local': ['192.168.1.10', '93.184.216.34'],
    'ha.home.arpa': ['2001:db8::1'],
    'empty.lan': [],
  };
  const ips = table[host];
  if (ips === undefined) throw new Error(`ENOTFOUND ${host}`);
  return ips;
};

describe('checkAddress', () => {
  const allowed: [string, string][] = [
    ['https://homeassistant.example.org', 'https://homeassistant.example.org'],
    ['https://HA.Example.org:443/', 'https://ha.example.org'],
    ['https://8.8.8.8:8123', 'https://8.8.8.8:8123'],
    ['http://192.168.1.10:8123', 'http://192.168.1.10:8123'],
    ['http://10.1.2.3', 'http://10.1.2.3'],
    ['http://172.16.0.1', 'http://172.16.0.1'],
    ['http://172.31.255.255', 'http://172.31.255.255'],
    ['http://127.0.0.1:8123/', 'http://127.0.0.1:8123'],
    ['http://169.254.1.1', 'http://169.254.1.1'],
    ['http://100.64.0.1', 'http://100.64.0.1'],
    ['http://100.127.255.255', 'http://100.127.255.255'],
    ['http://[::1]:8123', 'http://[::1]:8123'],
    ['http://[fd12:3456::1]', 'http://[fd12:3456::1]'],
    ['http://[fc00::1]', 'http://[fc00::1]'],
    ['http://[fe80::1]', 'http://[fe80::1]'],
    ['http://[::ffff:192.168.0.1]', 'http://[::ffff:c0a8:1]'],
    ['http://homeassistant:8123', 'http://homeassistant:8123'],
    ['http://ha.local:8123', 'http://ha.local:8123'],
    ['http://HA.LAN:80/', 'http://ha.lan'],
  ];
  for (const [url, origin] of allowed) {
    it(`allows ${url}`, async () => assert.deepEqual(await checkAddress(url, RESOLVER), { ok: true, origin }));
  }

  const refused: [string, string][] = [
    ['http://8.8.8.8:8123', `${HTTP_RULE}; 8.8.8.8 is a public address, use https`],
    ['http://172.32.0.1', `${HTTP_RULE}; 172.32.0.1 is a public address, use https`],
    ['http://100.128.0.1', `${HTTP_RULE}; 100.128.0.1 is a public address, use https`],
    ['http://[2001:db8::1]', `${HTTP_RULE}; [2001:db8::1] is a public address, use https`],
    ['http://[::ffff:8.8.8.8]', `${HTTP_RULE}; [::ffff:808:808] is a public address, use https`],
    ['http://homeassistant.example.org:8123', `${HTTP_RULE}; use https for homeassistant.example.org`],
    ['http://ha.localhost.example', `${HTTP_RULE}; use https for ha.localhost.example`],
    ['http://evil.local', 'evil.local resolves to the public address 93.184.216.34; plain http is refused, use https'],
    [
      'http://ha.home.arpa',
      'ha.home.arpa resolves to the public address 2001:db8::1; plain http is refused, use https',
    ],
    ['http://unknown.internal', 'unknown.internal could not be resolved'],
    ['http://empty.lan', 'empty.lan could not be resolved'],
    ['ftp://ha.local', 'the address must start with https:// or http://, not ftp://'],
    ['ws://ha.local:8123', 'the address must start with https:// or http://, not ws://'],
    [
      'https://user:secret@ha.example.org',
      'the address must not contain a user name or password; the token is sent separately',
    ],
    [
      'https://token@ha.example.org',
      'the address must not contain a user name or password; the token is sent separately',
    ],
    ['https://ha.example.org/api', 'the address must not have a path (/api)'],
    ['https://ha.example.org/?token=x', 'the address must not have a query (?…)'],
    ['https://ha.example.org/#x', 'the address must not have a fragment (#…)'],
    ['homeassistant.local:8123', 'the address must start with https:// or http://, not homeassistant.local://'],
    ['not a url', 'the address is not a valid URL, e.g. https://homeassistant.local:8123'],
  ];
  for (const [url, reason] of refused) {
    it(`refuses ${url}`, async () => assert.deepEqual(await checkAddress(url, RESOLVER), { ok: false, reason }));
  }

  it('refuses an http name when no resolver is given', async () => {
    assert.deepEqual(await checkAddress('http://ha.local'), {
      ok: false,
      reason: 'plain http to ha.local needs a DNS check, and none is available',
    });
  });

  it('does not resolve https or IP addresses', async () => {
    const never = async (): Promise<string[]> => assert.fail('resolver called');
    assert.equal((await checkAddress('https://ha.example.org', never)).ok, true);
    assert.equal((await checkAddress('http://10.0.0.1', never)).ok, true);
  });
});

describe('sameInstance', () => {
  const rows: [string, string, boolean][] = [
    ['https://ha.local:8123', 'https://ha.local:8123', true],
    ['https://ha.local:8123/', 'https://ha.local:8123', true],
    ['HTTPS://HA.Local:8123', 'https://ha.local:8123/', true],
    ['https://ha.local:443', 'https://ha.local', true],
    ['http://10.0.0.1:80/', 'http://10.0.0.1', true],
    ['http://ha.local:8123', 'https://ha.local:8123', false],
    ['https://ha.local:8124', 'https://ha.local:8123', false],
    ['https://evil.example', 'https://ha.local:8123', false],
    ['https://ha.local:8123/api', 'https://ha.local:8123', false],
    ['https://x@ha.local:8123', 'https://ha.local:8123', false],
    ['https://ha.local:8123?x', 'https://ha.local:8123', false],
    ['ha.local:8123', 'https://ha.local:8123', false],
    ['', 'https://ha.local:8123', false],
  ];
  for (const [argument, address, expected] of rows) {
    it(`${argument || '(empty)'} vs ${address}: ${expected}`, () =>
      assert.equal(sameInstance(argument, address), expected));
  }
});

describe('isPrivateIp', () => {
  const rows: [string, boolean][] = [
    ['192.168.0.1', true],
    ['0.0.0.0', false],
    ['1.1.1.1', false],
    ['::', false],
    ['[::1]', true],
    ['fe80::1%eth0', true],
    ['febf::1', true],
    ['fec0::1', false],
    ['::ffff:127.0.0.1', true],
    ['not an ip', false],
  ];
  for (const [ip, expected] of rows) it(`${ip}: ${expected}`, () => assert.equal(isPrivateIp(ip), expected));
});
