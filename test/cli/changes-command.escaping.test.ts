// `hearth proposals list`, `hearth journal` and a refusal: Home Assistant's words with control characters reach the
// terminal escaped, so they cannot rewrite the line a person confirms from.

import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { runChanges } from '../../src/cli/changes-command.ts';
import type { ChangesCommand } from '../../src/cli/args.ts';
import { createJournal, createProposalStore, openDatabase } from '../../src/storage/index.ts';

/** A friendly name that, printed raw, clears the line and writes a harmless-looking one over it. */
const HOSTILE_NAME = 'Garage door\r\u001b[2KKitchen light\u001b[0m';
const HOSTILE_STATE = 'closed\nprop_fake\topen';

describe('human output of the changes commands escapes control characters', () => {
  let dir: string;
  let configPath: string;
  const run = async (command: { action: ChangesCommand['action']; isJson?: boolean }) => {
    const printed: string[] = [];
    const code = await runChanges(
      { kind: 'changes', configPath, ...command } as ChangesCommand,
      {},
      { print: (text) => printed.push(text), printError: (text) => printed.push(text), fetch },
    );
    return { code, printed };
  };

  before(() => {
    dir = mkdtempSync(join(tmpdir(), 'hearth-escaping-'));
    configPath = join(dir, 'hearth.yaml');
    writeFileSync(configPath, `data_dir: ${JSON.stringify(join(dir, 'data'))}\n`);
    mkdirSync(join(dir, 'data'), { mode: 0o700 });
    const db = openDatabase(join(dir, 'data'));
    createProposalStore({ db, now: () => Date.UTC(2026, 0, 8) }).create({
      id: 'prop_1',
      connection: 'home',
      connectionId: null,
      connectionAddress: null,
      tool: 'call-service',
      domain: 'cover',
      service: 'open_cover',
      entities: [{ entityId: 'cover.garage', name: HOSTILE_NAME, state: HOSTILE_STATE }],
      data: {},
      serviceClass: 'confirmed',
      limitsRevision: 'hash',
      expiresAt: '2999-01-01T00:00:00.000Z',
    });
    const journal = createJournal({ db, now: () => Date.UTC(2026, 0, 8) });
    const entry = { connection: 'home', domain: 'light', service: 'turn_on', entityIds: ['light.kitchen'], data: {} };
    journal.begin({ ...entry, operationId: 'op_1', proposalId: null });
    journal.finish('op_1', 'failed', 'Home Assistant answered HTTP 400: \u001b]0;pwned\u0007 bad\rop_2\tsent');
    db.close();
  });
  after(() => rmSync(dir, { recursive: true, force: true }));

  it('proposals list: one line, every field escaped', async () => {
    const { code, printed } = await run({ action: 'proposals-list', isJson: false });
    assert.equal(code, 0);
    assert.deepEqual(printed, [
      'prop_1\topen\thome\tcover.open_cover\tGarage door\\x0d\\x1b[2KKitchen light\\x1b[0m (closed\\x0aprop_fake\\x09open)\texpires 2999-01-01T00:00:00.000Z',
    ]);
  });

  it('journal: the detail quoting Home Assistant is escaped and keeps to its column', async () => {
    const { printed } = await run({ action: 'journal', isJson: false });
    assert.equal(printed.length, 1);
    assert.equal(printed[0]?.split('\t').length, 7);
    assert.match(printed[0] ?? '', /\\x1b\]0;pwned\\x07 bad\\x0dop_2\\x09sent$/);
    // No control character but the column tabs hearth writes itself.
    const codes = [...(printed[0] ?? '')].map((char) => char.charCodeAt(0));
    assert.deepEqual(
      codes.filter((code) => (code < 0x20 && code !== 0x09) || (code >= 0x7f && code <= 0x9f)),
      [],
    );
  });

  it('--json stays JSON (its own escaping), unchanged', async () => {
    const { printed } = await run({ action: 'proposals-list', isJson: true });
    assert.equal(
      (JSON.parse(printed[0] ?? '[]') as { entities: { name: string }[] }[])[0]?.entities[0]?.name,
      HOSTILE_NAME,
    );
  });
});
