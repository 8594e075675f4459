// The packaging files (Dockerfile, the add-on's options mapping, the systemd unit, LICENSE), linted without a container
// runtime; the add-on folder itself is checked in addon.test.ts.

import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Script } from 'node:vm';
import yaml from 'js-yaml';
import { parseCommand } from '../../src/cli/args.ts';
import { ConfigSchema } from '../../src/cli/config-schema.ts';
import { loadConfig } from '../../src/cli/config.ts';
import { ollamaUrl } from '../../src/cli/ollama-discovery.ts';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const ADDON = join(ROOT, 'ha-addon/hearth');
const SCRIPT = join(ADDON, 'options-to-config.mjs');
const read = (path: string) => readFileSync(join(ROOT, path), 'utf8');

/** What ha-addon/hearth/options-to-config.mjs exports (plain JavaScript: its types are stated here). */
interface OptionsMapping {
  configFromOptions(options: unknown): Record<string, unknown>;
  ollamaHostFromOptions(options: unknown): string;
  renderConfig(config: Record<string, unknown>): string;
  LOG_LEVELS: readonly string[];
}
const mapping = (await import(pathToFileURL(SCRIPT).href)) as OptionsMapping;

/** One Dockerfile instruction, its continuation lines joined; `stage` counts FROMs (-1 before the first). */
interface Instruction {
  keyword: string;
  args: string;
  stage: number;
}

function parseDockerfile(text: string): Instruction[] {
  const instructions: Instruction[] = [];
  let stage = -1;
  let pending = '';
  for (const raw of text.split('\n')) {
    const line = raw.trimEnd();
    // Comment lines are dropped, also between continuation lines, as Docker does.
    if (line.trimStart().startsWith('#')) continue;
    if (line.endsWith('\\')) {
      pending += `${line.slice(0, -1)} `;
      continue;
    }
    const full = `${pending}${line}`.trim();
    pending = '';
    if (full === '') continue;
    const [keyword = '', args = ''] = full.split(/\s+(.*)/su);
    if (keyword.toUpperCase() === 'FROM') stage++;
    instructions.push({ keyword: keyword.toUpperCase(), args: args.trim(), stage });
  }
  return instructions;
}

const all = (instructions: Instruction[], keyword: string) => instructions.filter((i) => i.keyword === keyword);
const lastStage = (instructions: Instruction[]) => instructions.filter((i) => i.stage === instructions.at(-1)!.stage);
/** The JSON array of an exec-form CMD (or of a HEALTHCHECK's CMD). */
const execForm = (args: string) => JSON.parse(args.slice(args.indexOf('['))) as string[];
/** `A=1 B=2` → { A: '1', B: '2' }. */
const envOf = (instructions: Instruction[]) =>
  Object.fromEntries(all(instructions, 'ENV').flatMap((i) => i.args.split(/\s+/u).map((pair) => pair.split('='))));

/** Whether the build context leaves `path` out, by .dockerignore's rules (globs, `**`, `!`, a folder's contents). */
function isDockerIgnored(path: string, patterns: readonly string[]): boolean {
  let isIgnored = false;
  for (const raw of patterns) {
    const isNegated = raw.startsWith('!');
    const pattern = (isNegated ? raw.slice(1) : raw).replace(/^\/+|\/+$/gu, '');
    const source = pattern
      .split('**')
      .map((part) =>
        part
          .replace(/[.+^${}()|[\]\\]/gu, '\\$&')
          .replace(/\*/gu, '[^/]*')
          .replace(/\?/gu, '[^/]'),
      )
      .join('.*');
    const regex = new RegExp(`^${source}$`, 'u');
    const parts = path.split('/');
    if (parts.some((_, index) => regex.test(parts.slice(0, index + 1).join('/')))) isIgnored = !isNegated;
  }
  return isIgnored;
}

const DOCKERFILE = parseDockerfile(read('Dockerfile'));
const IGNORED = read('.dockerignore')
  .split('\n')
  .map((line) => line.trim())
  .filter((line) => line !== '' && !line.startsWith('#'));

describe('Dockerfile', () => {
  const froms = all(DOCKERFILE, 'FROM').map((i) => i.args.split(/\s+/u));
  const stageNames = froms.map((words) => (words[1]?.toUpperCase() === 'AS' ? words[2] : undefined));

  it('builds in two stages on node:20-bookworm-slim, and every COPY --from names an earlier stage', () => {
    assert.ok(froms.length >= 2, `${froms.length} FROM`);
    assert.deepEqual(
      froms.map((words) => words[0]),
      froms.map(() => 'node:20-bookworm-slim'),
    );
    for (const copy of all(DOCKERFILE, 'COPY')) {
      const from = /--from=(\S+)/u.exec(copy.args)?.[1];
      if (from === undefined) continue;
      const index = /^\d+$/u.test(from) ? Number(from) : stageNames.indexOf(from);
      assert.ok(index >= 0 && index < copy.stage, `COPY --from=${from} in stage ${copy.stage} names no earlier stage`);
    }
  });

  it('builds offline-safe from the lock file, with the sources in place before anything runs the build', () => {
    const builder = DOCKERFILE.filter((i) => i.stage === 0);
    const runs = all(builder, 'RUN').map((i) => i.args);
    assert.equal(envOf(builder).NODE_LLAMA_CPP_SKIP_DOWNLOAD, 'true');
    assert.match(runs.join('\n'), /apt-get install[^\n]*\bpython3\b[^\n]*\bmake\b[^\n]*\bg\+\+/u);
    assert.ok(runs.some((run) => /\bnpm ci\b/u.test(run)));
    assert.ok(runs.some((run) => /\bnpm prune --omit=dev\b/u.test(run)));
    // `npm ci` runs the prepare script (the build) unless told not to: whatever builds needs src/, web/ and tsconfig.
    const builds = (i: Instruction) =>
      i.keyword === 'RUN' &&
      (/\bnpm run build\b/u.test(i.args) || /\bnpm ci\b(?![^&;]*--ignore-scripts)/u.test(i.args));
    const firstBuild = builder.findIndex(builds);
    assert.ok(firstBuild >= 0, 'nothing runs the build');
    const copied = builder.slice(0, firstBuild).filter((i) => i.keyword === 'COPY');
    for (const input of ['src', 'web', 'tsconfig.build.json', 'package-lock.json'])
      assert.ok(
        copied.some((i) => i.args.split(/\s+/u).slice(0, -1).includes(input)),
        `${input} is copied after the build`,
      );
  });

  it('copies only what exists and what .dockerignore lets into the context; leaves out node_modules, dist, .git, test-output', () => {
    for (const copy of all(DOCKERFILE, 'COPY').filter((i) => !i.args.includes('--from='))) {
      for (const source of copy.args.split(/\s+/u).slice(0, -1)) {
        assert.ok(existsSync(join(ROOT, source)), `COPY ${source}: no such file`);
        assert.ok(!isDockerIgnored(source, IGNORED), `COPY ${source}: .dockerignore leaves it out`);
      }
    }
    for (const path of ['node_modules', 'node_modules/zod/package.json', 'dist/cli/main.js', '.git', 'test-output'])
      assert.ok(isDockerIgnored(path, IGNORED), `${path} is in the context`);
  });

  it('runs the built program as a non-root user with its data in the /data volume on port 8080', () => {
    const runtime = lastStage(DOCKERFILE);
    const fromBuilder = all(runtime, 'COPY').flatMap((i) =>
      i.args.includes('--from=') ? [i.args.split(/\s+/u)[1]] : [],
    );
    assert.deepEqual(fromBuilder.sort(), ['/app/dist', '/app/node_modules', '/app/package.json']);
    assert.ok(
      all(runtime, 'COPY').some((i) => i.args === 'bin ./bin'),
      'bin/ is not copied',
    );
    const user = all(runtime, 'USER').at(-1)?.args;
    assert.ok(user !== undefined && !['root', '0', '0:0'].includes(user), `USER ${user}`);
    assert.equal(envOf(runtime).HEARTH__DATA_DIR, '/data');
    assert.deepEqual(
      all(runtime, 'VOLUME').map((i) => i.args),
      ['/data'],
    );
    assert.deepEqual(
      all(runtime, 'EXPOSE').map((i) => i.args),
      ['8080'],
    );
    assert.equal(ConfigSchema.parse({}).server.port, 8080);
  });

  it("starts `hearth serve --host 0.0.0.0` from the working directory's bin/hearth.mjs", () => {
    const runtime = lastStage(DOCKERFILE);
    const command = execForm(all(runtime, 'CMD').at(-1)!.args);
    assert.deepEqual(command, ['node', 'bin/hearth.mjs', 'serve', '--host', '0.0.0.0']);
    assert.deepEqual(parseCommand(command.slice(2)), { kind: 'serve', host: '0.0.0.0' });
    assert.equal(all(runtime, 'WORKDIR').at(-1)?.args, '/app');
    assert.ok(existsSync(join(ROOT, command[1]!)));
  });

  it('checks its health with node itself, on /healthz at the exposed port', () => {
    const checks = all(lastStage(DOCKERFILE), 'HEALTHCHECK');
    assert.equal(checks.length, 1);
    const [program, flag, script] = execForm(checks[0]!.args);
    assert.deepEqual([program, flag], ['node', '-e']);
    assert.match(script!, /fetch\('http:\/\/127\.0\.0\.1:8080\/healthz'/u);
    assert.doesNotThrow(() => new Script(script!), 'the health check script does not compile');
  });
});

const KEY = 'api-key-canary-7f3a9c21';
const ADMIN = 'admin-key-canary-5e8b04d6';
const FULL = {
  api_keys: [KEY, `${KEY}-2`],
  admin_key: ADMIN,
  log_level: 'debug',
  ollama_url: 'http://192.168.1.20:11434',
  text_model: 'qwen3:4b',
};

/** The configuration hearth loads from the rendered file, with the environment run.sh sets. */
function loadRendered(options: unknown) {
  const text = mapping.renderConfig(mapping.configFromOptions(options));
  const files: Record<string, string> = { '/data/hearth.yaml': text };
  return loadConfig({
    explicitPath: '/data/hearth.yaml',
    env: { HEARTH__DATA_DIR: '/data/hearth' },
    readFile: (p) => files[p],
  }).config;
}

const refusal = (options: unknown) => {
  try {
    mapping.configFromOptions(options);
  } catch (error) {
    return (error as Error).message;
  }
  return assert.fail('the options were accepted');
};

describe('configFromOptions', () => {
  it('maps every option to its configuration key, exactly', () => {
    const config = loadRendered(FULL);
    assert.deepEqual(config.server.api_keys, [KEY, `${KEY}-2`]);
    assert.equal(config.server.admin_key, ADMIN);
    assert.equal(config.log.level, 'debug');
    assert.equal(config.data_dir, '/data/hearth');
    assert.deepEqual(Object.keys(config.models), ['qwen3_4b']);
    assert.equal(config.models.qwen3_4b?.backend, 'ollama');
    assert.equal(config.models.qwen3_4b?.base_url, 'http://192.168.1.20:11434');
    assert.equal(config.models.qwen3_4b?.model, 'qwen3:4b');
    assert.equal(config.settings.ha_assist_text_model, 'qwen3:4b');
    assert.ok(ConfigSchema.safeParse(mapping.configFromOptions(FULL)).success);
  });

  it("gives hearth's defaults for config.yaml's defaults, for no options and for cleared fields", () => {
    const defaults = (yaml.load(read('ha-addon/hearth/config.yaml')) as { options: object }).options;
    for (const options of [defaults, {}, { api_keys: null, admin_key: '', ollama_url: '', text_model: '' }]) {
      const config = loadRendered(options);
      assert.deepEqual(config.server.api_keys, []);
      assert.equal(config.server.admin_key, null);
      assert.equal(config.log.level, 'info');
      assert.equal(config.ollama, false, 'the add-on has no Ollama of its own to discover');
      assert.deepEqual(config.models, {});
      assert.equal(config.settings.ha_assist_text_model, null);
    }
  });

  it("with only ollama_url, lets hearth discover that Ollama's models through OLLAMA_HOST", () => {
    const config = loadRendered({ ollama_url: 'http://ollama.lan:11434/' });
    assert.equal(config.ollama, true);
    assert.deepEqual(config.models, {});
    const host = mapping.ollamaHostFromOptions({ ollama_url: 'http://ollama.lan:11434/' });
    assert.equal(host, 'http://ollama.lan:11434');
    assert.equal(ollamaUrl({ OLLAMA_HOST: host }), 'http://ollama.lan:11434');
    assert.equal(mapping.ollamaHostFromOptions({}), '');
  });

  it('turns any Ollama model name into a valid model key', () => {
    const config = loadRendered({ ollama_url: 'http://10.0.0.5:11434', text_model: 'hf.co/org/model:Q4_K_M' });
    assert.deepEqual(Object.keys(config.models), ['hf.co_org_model_Q4_K_M']);
    assert.equal(config.settings.ha_assist_text_model, 'hf.co/org/model:Q4_K_M');
  });

  it('refuses a bad option with a message naming it, never showing a key', () => {
    const ROWS: [unknown, RegExp][] = [
      [{ log_level: 'verbose' }, /^log_level: "verbose" is not one of fatal, error, warn, info, debug, trace$/u],
      [{ log_level: 'silent' }, /^log_level: "silent"/u],
      [{ api_keys: [KEY, 'short-key'] }, /^api_keys: entry 2 has fewer than 16 characters$/u],
      [{ api_keys: KEY }, /^api_keys: must be a list/u],
      [{ admin_key: 'short-admin' }, /^admin_key: has fewer than 16 characters$/u],
      [{ ollama_url: 'ftp://192.168.1.20' }, /^ollama_url: must be an http:\/\/ or https:\/\/ address/u],
      [{ ollama_url: 'not a url' }, /^ollama_url:/u],
      [{ text_model: 'qwen3:4b' }, /^text_model: needs ollama_url/u],
      [{ ollama_url: 'http://h:1', text_model: 'HA-Assist' }, /^text_model: 'HA-Assist' is hearth's virtual model/u],
      [[], /must be a mapping/u],
    ];
    for (const [options, expected] of ROWS) assert.match(refusal(options), expected);
    const both = refusal({ admin_key: 'short-admin', log_level: 'loud' });
    assert.match(both, /admin_key: .*; log_level: "loud"/u);
    assert.ok(!both.includes('short-admin'));
  });
});

describe('options-to-config.mjs as a program', () => {
  const run = (args: string[]) => spawnSync(process.execPath, [SCRIPT, ...args], { encoding: 'utf8' });
  const withFolder = (test: (folder: string) => void) => {
    const folder = mkdtempSync(join(tmpdir(), 'hearth-addon-'));
    try {
      test(folder);
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  };

  it('writes a configuration only its owner can read, also over an older open one, and prints no key', () =>
    withFolder((folder) => {
      const [optionsPath, configPath] = [join(folder, 'options.json'), join(folder, 'hearth.yaml')];
      writeFileSync(optionsPath, JSON.stringify(FULL));
      writeFileSync(configPath, 'old', { mode: 0o644 });
      const result = run([optionsPath, configPath]);
      assert.equal(result.status, 0, result.stderr);
      assert.equal(statSync(configPath).mode & 0o777, 0o600);
      assert.equal(`${result.stdout}${result.stderr}`, '');
      assert.equal(readFileSync(configPath, 'utf8'), mapping.renderConfig(mapping.configFromOptions(FULL)));
      assert.equal(run(['--ollama-host', optionsPath]).stdout, 'http://192.168.1.20:11434');
    }));

  it('stops with the reason on stderr, leaves the old file, and never echoes the options', () =>
    withFolder((folder) => {
      const [optionsPath, configPath] = [join(folder, 'options.json'), join(folder, 'hearth.yaml')];
      writeFileSync(configPath, 'old');
      for (const text of [
        JSON.stringify({ admin_key: ADMIN.slice(0, 12), log_level: 'x' }),
        `{"admin_key": "${ADMIN}",`,
      ]) {
        writeFileSync(optionsPath, text);
        const result = run([optionsPath, configPath]);
        assert.equal(result.status, 1);
        assert.match(result.stderr, /^hearth add-on: the options cannot be used: /u);
        assert.ok(!result.stderr.includes(ADMIN.slice(0, 12)), result.stderr);
        assert.equal(readFileSync(configPath, 'utf8'), 'old');
      }
    }));
});

describe('deploy/systemd/hearth.service', () => {
  const sections = new Map<string, [string, string][]>();
  let current: [string, string][] = [];
  for (const line of read('deploy/systemd/hearth.service').split('\n')) {
    const header = /^\[(\w+)\]$/u.exec(line);
    if (header) sections.set(header[1]!, (current = []));
    else if (/^\w+=/u.test(line)) current.push(line.split(/=(.*)/su).slice(0, 2) as [string, string]);
  }
  const service = sections.get('Service') ?? [];
  const value = (key: string) => service.filter(([name]) => name === key).map(([, setting]) => setting);

  it('has [Unit], [Service] and [Install], and starts hearth serve with /etc/hearth/hearth.yaml', () => {
    assert.deepEqual([...sections.keys()], ['Unit', 'Service', 'Install']);
    const [start] = value('ExecStart');
    const [env, node, program, ...args] = start!.split(' ');
    assert.deepEqual([env, node, program], ['/usr/bin/env', 'node', '/opt/hearth/bin/hearth.mjs']);
    assert.deepEqual(parseCommand(args), { kind: 'serve', configPath: '/etc/hearth/hearth.yaml' });
    assert.deepEqual(sections.get('Install'), [['WantedBy', 'multi-user.target']]);
  });

  it('runs as hearth with its data in its state directory, hardened', () => {
    assert.deepEqual(value('User'), ['hearth']);
    assert.deepEqual(value('StateDirectory'), ['hearth']);
    assert.ok(value('Environment').includes('HEARTH__DATA_DIR=/var/lib/hearth'), 'the data folder is /var/lib/hearth');
    for (const [key, setting] of [
      ['NoNewPrivileges', 'yes'],
      ['ProtectSystem', 'strict'],
      ['ProtectHome', 'yes'],
      ['PrivateTmp', 'yes'],
      ['Restart', 'on-failure'],
    ])
      assert.deepEqual(value(key!), [setting], key);
    assert.deepEqual(value('RestrictAddressFamilies')[0]?.split(' ').sort(), ['AF_INET', 'AF_INET6', 'AF_UNIX']);
    // V8's JIT needs writable, then executable memory: this setting would crash node at start.
    assert.deepEqual(value('MemoryDenyWriteExecute'), []);
  });
});

describe('LICENSE', () => {
  it('is the Apache License 2.0, word for word, as package.json says', () => {
    const text = read('LICENSE');
    assert.ok(text.trimStart().startsWith('Apache License'));
    assert.ok(text.includes('Version 2.0, January 2004'));
    // The text apache.org publishes (LICENSE-2.0.txt) without its leading blank line.
    assert.equal(
      createHash('sha256').update(`\n${text}`).digest('hex'),
      'cfc7749b96f63bd31c3c42b5c471bf756814053e847c10f3eb003417bc523d30',
    );
    assert.doesNotMatch(text, /Copyright (?:\(c\) )?\d{4}/u);
    assert.equal((JSON.parse(read('package.json')) as { license: string }).license, 'Apache-2.0');
  });
});
