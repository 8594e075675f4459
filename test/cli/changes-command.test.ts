// `hearth proposals list` on a data folder of many proposals: the newest page only, and a line saying so.

import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { runChanges } from '../../src/cli/changes-command.ts';
import { createProposalStore, openDatabase } from '../../src/storage/index.ts';
import { INPUT_LIMITS } from '../../src/tools/index.ts';

const T0 = Date.UTC(2026, 0, 8, 12, 0, 0, 0);

describe('hearth proposals list', () => {
  let dir: string;
  let configPath: string;
  const list = async (isJson: boolean) => {
    const printed: string[] = [];
    const code = await runChanges(
      { kind: 'changes', action: 'proposals-list', isJson, configPath },
      {},
      { print: (text) => printed.push(text), printError: assert.fail, fetch },
    );
    return { code, printed };
  };

  before(() => {
    dir = mkdtempSync(join(tmpdir(), 'hearth-changes-'));
    configPath = join(dir, 'hearth.yaml');
    writeFileSync(configPath, `data_dir: ${JSON.stringify(join(dir, 'data'))}\n`);
  });
  after(() => rmSync(dir, { recursive: true, force: true }));

  it('says there is none, then shows the newest 100 of 101 and that older ones are not shown', async () => {
    assert.deepEqual(await list(false), { code: 0, printed: ['No proposals.'] });
    const db = openDatabase(join(dir, 'data'));
    let nowMs = T0;
    const store = createProposalStore({ db, now: () => nowMs });
    for (let n = 1; n <= INPUT_LIMITS.proposalsPerPage + 1; n++) {
      nowMs = T0 + n * 1000;
      store.create({
        id: `prop_${n}`,
        connection: 'home',
        connectionId: null,
        connectionAddress: null,
        tool: 'call-service',
        domain: 'light',
        service: 'turn_on',
        entities: [{ entityId: 'light.kitchen', name: 'Kitchen', state: 'off' }],
        data: {},
        serviceClass: 'quiet',
        limitsRevision: 'hash',
        // Far ahead: the command reads the system clock, and these must still be open.
        expiresAt: '2999-01-01T00:00:00.000Z',
      });
    }
    db.close();
    const text = await list(false);
    assert.equal(text.code, 0);
    assert.equal(text.printed.length, 101);
    assert.equal(
      text.printed[0],
      'prop_101\topen\thome\tlight.turn_on\tKitchen (off)\texpires 2999-01-01T00:00:00.000Z',
    );
    assert.match(text.printed[99]!, /^prop_2\t/);
    assert.equal(text.printed[100], '(the newest 100; older ones are not shown)');
    const json = await list(true);
    const ids = (JSON.parse(json.printed[0]!) as Array<{ id: string }>).map((p) => p.id);
    assert.deepEqual([json.printed.length, ids.length, ids[0], ids.at(-1)], [1, 100, 'prop_101', 'prop_2']);
  });
});
