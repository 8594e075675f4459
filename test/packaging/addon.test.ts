// The Home Assistant add-on as `npm run addon:pack` writes it: its files against the Supervisor's rules for an add-on
// (config.yaml's keys and values, ingress, an image or a build, translations, images), its Docker build context against
// everything its Dockerfile copies, and the add-on's own programs (the API key, the ingress port). No container runs.

import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import yaml from 'js-yaml';
import { parseCommand } from '../../src/cli/args.ts';
import { ConfigSchema } from '../../src/cli/config-schema.ts';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const SOURCE = join(ROOT, 'ha-addon/hearth');
const PKG = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as Record<string, unknown>;

/** What the add-on's scripts export (plain JavaScript: their types are stated here). */
interface ApiKeyModule {
  generateKey(): string;
  withApiKey(
    options: Record<string, unknown>,
    store: { keyFile: () => string | null; createKey: () => string },
  ): { options: Record<string, unknown>; key: string | null; generated: boolean };
  saveOptions(
    options: Record<string, unknown>,
    supervisor: { token: string | undefined; fetch?: typeof fetch; timeoutMs?: number },
  ): Promise<string | null>;
}
interface ProxyModule {
  SUPERVISOR_INGRESS: string;
  isAllowed(address: string | undefined, allowed: readonly string[]): boolean;
  createIngressProxy(options: {
    upstreamPort: number;
    upstreamHost?: string;
    apiKey: string | null;
    allowed?: readonly string[];
  }): Server;
  apiKeyOf(options: unknown): string | null;
  parseArguments(argv: string[]): {
    listen: number;
    upstream: number;
    options: string | null;
    command: string;
    args: string[];
  };
}
const apiKey = (await import(pathToFileURL(join(SOURCE, 'api-key.mjs')).href)) as ApiKeyModule;
const proxy = (await import(pathToFileURL(join(SOURCE, 'ingress-proxy.mjs')).href)) as ProxyModule;
const LOG_LEVELS = (
  (await import(pathToFileURL(join(SOURCE, 'options-to-config.mjs')).href)) as { LOG_LEVELS: readonly string[] }
).LOG_LEVELS;

// --- the folder, written once by the script `npm run addon:pack` runs after the build (which `npm ci` has done).
const OUT = mkdtempSync(join(tmpdir(), 'hearth-addon-pack-'));
const packed = spawnSync(process.execPath, [join(ROOT, 'scripts/addon-pack.mjs'), '--out', OUT], { encoding: 'utf8' });
const ADDON = join(OUT, 'hearth');
const read = (path: string) => readFileSync(join(ADDON, path), 'utf8');
after(() => rmSync(OUT, { recursive: true, force: true }));

/** Every file under `folder`, as paths relative to it. */
function filesUnder(folder: string): string[] {
  return readdirSync(folder, { recursive: true, encoding: 'utf8' }).filter((path) =>
    statSync(join(folder, path)).isFile(),
  );
}

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

/** The keys the Supervisor accepts in an add-on's config.yaml (supervisor/addons/validate.py, SCHEMA_ADDON_CONFIG). */
const KNOWN_KEYS = new Set(
  [
    'name version slug description arch machine url startup boot init advanced stage ports ports_description',
    'ingress ingress_port ingress_entry ingress_stream panel_icon panel_title panel_admin webui watchdog homeassistant',
    'host_network host_ipc host_dbus host_pid host_uts hassio_api hassio_role homeassistant_api auth_api docker_api',
    'map environment privileged full_access apparmor devices udev uart usb gpio devicetree kernel_modules realtime',
    'audio video stdin legacy options schema image timeout tmpfs discovery services backup backup_pre backup_post',
    'backup_exclude journald breaking_versions ulimits',
  ]
    .join(' ')
    .split(' '),
);
const ARCHES = ['armhf', 'armv7', 'aarch64', 'amd64', 'i386'];
/** The Supervisor's grammar of one option type (supervisor/addons/options.py, RE_SCHEMA_ELEMENT). */
const SCHEMA_ELEMENT =
  /^(?:|bool|email|url|port|device(?:\(subsystem=[a-z]+\))?|str(?:\((\d+)?,(\d+)?\))?|password(?:\((\d+)?,(\d+)?\))?|int(?:\((?:-?\d+)?,(?:-?\d+)?\))?|float(?:\((?:-?\d*\.?\d+)?,(?:-?\d*\.?\d+)?\))?|match\(.*\)|list\(.+\))\??$/u;

describe('npm run addon:pack', () => {
  it('writes repository.yaml and the add-on folder, and says where to copy it', () => {
    assert.equal(packed.status, 0, packed.stderr);
    assert.match(packed.stdout, /copy that folder into Home Assistant's \/addons/u);
    assert.equal(
      PKG.scripts && (PKG.scripts as Record<string, string>)['addon:pack'],
      'npm run build && node scripts/addon-pack.mjs',
    );
    const repository = yaml.load(readFileSync(join(OUT, 'repository.yaml'), 'utf8')) as Record<string, unknown>;
    assert.equal(typeof repository.name, 'string');
    assert.equal(typeof repository.maintainer, 'string');
    if (repository.url !== undefined) assert.match(String(repository.url), /^https:\/\//u);
  });

  it('names no placeholder (OWNER) anywhere in the folder', () => {
    for (const path of filesUnder(OUT).filter((p) => !p.endsWith('.png')))
      assert.ok(!readFileSync(join(OUT, path), 'utf8').includes('OWNER'), `${path} names OWNER`);
  });

  it('holds the built program, the lock file and package.json without its scripts', () => {
    for (const path of ['app/dist/cli/main.js', 'app/dist/web/index.html', 'app/bin/hearth.mjs', 'app/LICENSE'])
      assert.ok(existsSync(join(ADDON, path)), path);
    assert.equal(read('app/package-lock.json'), readFileSync(join(ROOT, 'package-lock.json'), 'utf8'));
    const app = JSON.parse(read('app/package.json')) as Record<string, unknown>;
    const { scripts: _scripts, ...rest } = PKG;
    assert.deepEqual(app, rest);
    assert.ok(!filesUnder(join(ADDON, 'app')).some((path) => path.endsWith('.map') || path.includes('addon/')));
    // The page addresses its assets relative to itself, so it works under ingress's path prefix.
    assert.match(read('app/dist/web/index.html'), /src="\.\/assets\//u);
  });
});

describe("the add-on's config.yaml", () => {
  const config = yaml.load(read('config.yaml')) as Record<string, unknown>;
  const options = config.options as Record<string, unknown>;
  const schema = config.schema as Record<string, string | string[]>;
  const typeOf = (key: string) => [schema[key]].flat()[0]!;
  const ports = config.ports as Record<string, number | null>;

  it("has only the Supervisor's keys, its required ones, and valid values", () => {
    for (const key of Object.keys(config)) assert.ok(KNOWN_KEYS.has(key), `unknown key ${key}`);
    for (const key of ['name', 'version', 'slug', 'description', 'arch'])
      assert.ok(config[key] !== undefined && config[key] !== null, `no ${key}`);
    assert.equal(config.version, PKG.version);
    assert.match(String(config.slug), /^[a-z0-9_]+$/u);
    assert.ok(Array.isArray(config.arch) && config.arch.length > 0);
    for (const arch of config.arch as string[]) assert.ok(ARCHES.includes(arch), arch);
    assert.ok(['initialize', 'system', 'services', 'application', 'once'].includes(String(config.startup)));
    assert.ok(['auto', 'manual', 'manual_only'].includes(String(config.boot)));
    assert.ok(['stable', 'experimental', 'deprecated'].includes(String(config.stage)));
    for (const key of ['init', 'ingress', 'hassio_api']) assert.equal(typeof config[key], 'boolean', key);
    for (const [port, host] of Object.entries(ports)) {
      assert.match(port, /^\d+\/(?:tcp|udp)$/u);
      assert.ok(host === null || (Number.isInteger(host) && host > 0 && host < 65536));
    }
    for (const port of Object.keys(config.ports_description as object)) assert.ok(port in ports, port);
    assert.equal(config.watchdog, 'http://[HOST]:[PORT:8080]/healthz');
    assert.match(String(config.panel_icon), /^mdi:[a-z0-9-]+$/u);
  });

  it('has no image, so the Supervisor builds it from the Dockerfile beside it', () => {
    assert.equal(config.image, undefined);
    assert.ok(existsSync(join(ADDON, 'Dockerfile')));
    assert.ok(!existsSync(join(ADDON, 'build.yaml')), 'build.yaml is no longer read; the Dockerfile names its base');
  });

  it("serves ingress on the port run.sh's proxy listens on, forwarding to hearth's port, and publishes only the API", () => {
    assert.equal(config.ingress, true);
    const exec = read('run.sh')
      .split('\n')
      .find((line) => line.startsWith('exec '))!;
    const settings = proxy.parseArguments(exec.split(' ').slice(3));
    assert.equal(config.ingress_port, settings.listen);
    assert.equal(settings.upstream, ConfigSchema.parse({}).server.port);
    assert.deepEqual(Object.keys(ports), [`${settings.upstream}/tcp`]);
    assert.ok(!(`${settings.listen}/tcp` in ports), 'the ingress port is not published on the host');
    // With ingress, "Open Web UI" opens the page inside Home Assistant; a webui would send it to the port instead.
    assert.equal(config.webui, undefined);
  });

  it('gives every option a schema entry of a valid type, and a default exactly to the required ones', () => {
    assert.deepEqual(Object.keys(schema).sort(), ['admin_key', 'api_keys', 'log_level', 'ollama_url', 'text_model']);
    for (const key of Object.keys(options)) assert.ok(key in schema, `option ${key} has no schema`);
    for (const key of Object.keys(schema)) {
      assert.match(typeOf(key), SCHEMA_ELEMENT, `${key}: ${typeOf(key)}`);
      assert.equal(key in options, !typeOf(key).endsWith('?'), `${key}: a default exactly when it is required`);
    }
  });

  it("offers the log levels and key lengths hearth's configuration accepts", () => {
    assert.equal(typeOf('log_level'), `list(${LOG_LEVELS.join('|')})`);
    for (const level of LOG_LEVELS) assert.ok(ConfigSchema.safeParse({ log: { level } }).success, level);
    for (const [option, toConfig] of [
      ['api_keys', (key: string) => ({ server: { api_keys: [key] } })],
      ['admin_key', (key: string) => ({ server: { admin_key: key } })],
    ] as const) {
      const min = Number(/\((\d+),\)/u.exec(typeOf(option))?.[1]);
      assert.ok(ConfigSchema.safeParse(toConfig('k'.repeat(min))).success, `${option} of ${min}`);
      assert.ok(!ConfigSchema.safeParse(toConfig('k'.repeat(min - 1))).success, `${option} of ${min - 1}`);
    }
  });

  it('is translated: translations/en.yaml names and describes every option, and every port it describes', () => {
    const en = yaml.load(read('translations/en.yaml')) as {
      configuration: Record<string, { name: unknown; description: unknown }>;
      network?: Record<string, unknown>;
    };
    assert.deepEqual(Object.keys(en.configuration).sort(), Object.keys(schema).sort());
    for (const [key, text] of Object.entries(en.configuration)) {
      assert.ok(typeof text.name === 'string' && text.name !== '', `${key}: name`);
      assert.ok(typeof text.description === 'string' && text.description !== '', `${key}: description`);
    }
    for (const port of Object.keys(en.network ?? {})) assert.ok(port in ports, port);
  });
});

describe("the add-on's images and documents", () => {
  /** A PNG's width and height, from its signature and IHDR chunk. */
  const pngSize = (path: string) => {
    const bytes = readFileSync(join(ADDON, path));
    assert.deepEqual([...bytes.subarray(0, 8)], [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a], `${path}: not a PNG`);
    assert.equal(bytes.subarray(12, 16).toString('latin1'), 'IHDR');
    return [bytes.readUInt32BE(16), bytes.readUInt32BE(20)];
  };

  it('has icon.png of 128×128 and logo.png of 250×100, the recommended sizes', () => {
    assert.deepEqual(pngSize('icon.png'), [128, 128]);
    assert.deepEqual(pngSize('logo.png'), [250, 100]);
  });

  it("has DOCS.md and CHANGELOG.md, the changelog naming this version, and the docs the key's story", () => {
    assert.match(read('CHANGELOG.md'), new RegExp(`^## ${String(PKG.version).replaceAll('.', '\\.')}$`, 'mu'));
    const docs = read('DOCS.md');
    assert.match(docs, /npm run addon:pack/u);
    assert.match(docs, /\/addons\/hearth/u);
    assert.match(docs, /generates a key/u);
  });
});

describe("the add-on's Dockerfile and its build context", () => {
  const dockerfile = parseDockerfile(read('Dockerfile'));
  const froms = dockerfile.filter((i) => i.keyword === 'FROM').map((i) => i.args.split(/\s+/u));
  const stageNames = froms.map((words) => (words[1]?.toUpperCase() === 'AS' ? words[2] : undefined));
  const copies = dockerfile.filter((i) => i.keyword === 'COPY' || i.keyword === 'ADD');
  const fromContext = copies.filter((i) => !i.args.startsWith('--from='));
  /** Where each file copied from the context lands in the final stage. */
  const landed = fromContext.flatMap((i) => {
    const words = i.args.split(/\s+/u);
    const target = words.at(-1)!;
    return words.slice(0, -1).map((source) => ({
      source,
      path: target.endsWith('/') ? `${target}${source.split('/').at(-1)}` : target,
      stage: i.stage,
    }));
  });

  it('starts from public images only (Node 20 on Debian), never from an image of hearth', () => {
    for (const [image] of froms) assert.equal(image, 'node:20-bookworm-slim');
    assert.ok(!read('Dockerfile').includes('${HEARTH_IMAGE'), 'an unpublished image');
    for (const copy of copies.filter((i) => i.args.startsWith('--from=')))
      assert.ok(stageNames.includes(copy.args.slice('--from='.length).split(/\s+/u)[0]), copy.args);
  });

  it('copies only what the build context holds: every COPY source exists in the packed folder', () => {
    assert.ok(fromContext.length > 0);
    assert.ok(!existsSync(join(ADDON, '.dockerignore')), 'nothing is left out of the context');
    for (const { source } of landed) {
      assert.ok(!source.includes('..') && !source.startsWith('/'), `${source} is outside the context`);
      assert.ok(existsSync(join(ADDON, source)), `COPY ${source}: not in the build context`);
    }
    // And the sources the add-on's folder in the repository does not hold are exactly what the pack adds: app/.
    const missingFromSource = landed.filter(({ source }) => !existsSync(join(SOURCE, source)));
    assert.deepEqual([...new Set(missingFromSource.map(({ source }) => source.split('/')[0]))], ['app']);
  });

  it('installs the production dependencies from the packed lock file, and builds nothing', () => {
    const runs = dockerfile.filter((i) => i.keyword === 'RUN').map((i) => i.args);
    const install = runs.find((run) => /\bnpm ci\b/u.test(run));
    assert.ok(install !== undefined);
    assert.match(install, /--omit=dev/u);
    assert.match(install, /--ignore-scripts/u);
    const lockIndex = dockerfile.findIndex((i) => i.keyword === 'COPY' && i.args.includes('app/package-lock.json'));
    assert.ok(lockIndex >= 0 && lockIndex < dockerfile.findIndex((i) => i.args === install));
    assert.ok(!runs.some((run) => /npm run build|\btsc\b|vite build/u.test(run)));
  });

  it('starts run.sh, which runs only files the image holds', () => {
    const last = dockerfile.filter((i) => i.stage === froms.length - 1);
    assert.deepEqual(JSON.parse(last.findLast((i) => i.keyword === 'CMD')!.args), ['/app/addon/run.sh']);
    assert.equal(last.findLast((i) => i.keyword === 'WORKDIR')?.args, '/app');
    const inImage = new Set(
      landed
        .filter((copy) => copy.stage === froms.length - 1)
        .map((copy) => (copy.path.startsWith('/') ? copy.path : `/app/${copy.path.replace(/^\.\//u, '')}`)),
    );
    assert.ok(inImage.has('/app/addon/run.sh'));
    for (const path of read('run.sh').match(/\/app\/addon\/[\w.-]+/gu) ?? []) assert.ok(inImage.has(path), path);
    assert.ok(inImage.has('/app/bin') && inImage.has('/app/dist'), 'bin/ and dist/ in /app');
    assert.ok(statSync(join(ADDON, 'run.sh')).mode & 0o100, 'run.sh is executable');
  });
});

describe("the add-on's run.sh", () => {
  const runSh = read('run.sh');
  const lines = runSh.split('\n');
  const commands = lines.filter((line) => line.trim() !== '' && !line.trimStart().startsWith('#'));

  it('is strict shell: a shebang, then set -eu before any command', () => {
    assert.ok(runSh.startsWith('#!/bin/sh\n'));
    assert.equal(commands[0], 'set -eu');
    assert.equal(spawnSync('sh', ['-n', join(ADDON, 'run.sh')]).status, 0, 'sh -n');
  });

  it('adds the key, writes the configuration from those options, then execs the proxy with hearth serve as its child', () => {
    const keyLine = lines.findIndex((line) => /^node \/app\/addon\/api-key\.mjs \S+ \S+ \S+$/u.test(line));
    const mapLine = lines.findIndex((line) => /^node \/app\/addon\/options-to-config\.mjs \S+ \S+$/u.test(line));
    const execLine = lines.findIndex((line) => line.startsWith('exec '));
    assert.ok(keyLine >= 0 && mapLine > keyLine && execLine > mapLine, 'key, configuration, then hearth');
    const [, , options, , withKey] = lines[keyLine]!.split(' ');
    assert.equal(options, '/data/options.json');
    const [, , mapped, written] = lines[mapLine]!.split(' ');
    assert.equal(mapped, withKey, 'the configuration comes from the options with the key');
    const settings = proxy.parseArguments(lines[execLine]!.split(' ').slice(3));
    assert.deepEqual(lines[execLine]!.split(' ').slice(1, 3), ['node', '/app/addon/ingress-proxy.mjs']);
    assert.equal(settings.options, withKey);
    assert.deepEqual([settings.command, settings.args[0]], ['node', '/app/bin/hearth.mjs']);
    assert.deepEqual(parseCommand(settings.args.slice(1)), { kind: 'serve', host: '0.0.0.0', configPath: written });
    assert.equal(written, '/data/hearth.yaml');
    assert.ok(!lines[execLine]!.includes('$'), 'nothing from the options goes on the command line');
    assert.match(runSh, /\nHEARTH__DATA_DIR=\/data\/hearth\nexport HEARTH__DATA_DIR\n/u);
  });
});

describe('api-key.mjs: hearth is never open without a key', () => {
  const store = (kept: string | null) => {
    const created: string[] = [];
    return {
      created,
      keyFile: () => kept,
      createKey: () => {
        created.push('new-key-of-enough-length');
        return 'new-key-of-enough-length';
      },
    };
  };

  it("keeps the options' own keys, reuses the kept key, and generates one only when there is none", () => {
    const own = { api_keys: ['own-key-of-16-chars'], log_level: 'info' };
    assert.deepEqual(apiKey.withApiKey(own, store(null)), { options: own, key: null, generated: false });
    const kept = store('kept-key-of-16-chars');
    assert.deepEqual(apiKey.withApiKey({ api_keys: [], log_level: 'info' }, kept), {
      options: { api_keys: ['kept-key-of-16-chars'], log_level: 'info' },
      key: 'kept-key-of-16-chars',
      generated: false,
    });
    assert.deepEqual(kept.created, []);
    const fresh = store(null);
    const result = apiKey.withApiKey({ log_level: 'info' }, fresh);
    assert.deepEqual([result.key, result.generated, fresh.created.length], ['new-key-of-enough-length', true, 1]);
  });

  it('generates keys hearth accepts, different every time', () => {
    const [first, second] = [apiKey.generateKey(), apiKey.generateKey()];
    assert.notEqual(first, second);
    assert.match(first, /^hearth-[\w-]{32}$/u);
    assert.ok(ConfigSchema.safeParse({ server: { api_keys: [first] } }).success);
  });

  it("puts the key into the add-on's options through the Supervisor, and says why when it cannot", async () => {
    const sent: { url: string; init: RequestInit }[] = [];
    const fake = (status: number) =>
      (async (url: string, init: RequestInit) => {
        sent.push({ url, init });
        return new Response(null, { status });
      }) as unknown as typeof fetch;
    const options = { api_keys: ['k'.repeat(20)], log_level: 'info' };
    assert.equal(await apiKey.saveOptions(options, { token: 'supervisor-token', fetch: fake(200) }), null);
    assert.equal(sent[0]!.url, 'http://supervisor/addons/self/options');
    assert.equal(sent[0]!.init.method, 'POST');
    assert.equal(new Headers(sent[0]!.init.headers).get('authorization'), 'Bearer supervisor-token');
    assert.deepEqual(JSON.parse(String(sent[0]!.init.body)), { options });
    assert.equal(await apiKey.saveOptions(options, { token: 't', fetch: fake(400) }), 'the Supervisor answered 400');
    assert.match(String(await apiKey.saveOptions(options, { token: undefined })), /no SUPERVISOR_TOKEN/u);
  });

  it('as a program: generates and keeps the key (0600), prints it on the starts where the options lack it', () => {
    const folder = mkdtempSync(join(tmpdir(), 'hearth-addon-key-'));
    try {
      const [options, keyFile, out] = ['options.json', 'api-key', 'options-with-key.json'].map((f) => join(folder, f));
      const run = () =>
        spawnSync(process.execPath, [join(ADDON, 'api-key.mjs'), options!, keyFile!, out!], {
          encoding: 'utf8',
          env: { PATH: process.env.PATH },
        });
      writeFileSync(options!, JSON.stringify({ api_keys: [], log_level: 'info' }));
      const first = run();
      assert.equal(first.status, 0, first.stderr);
      const key = readFileSync(keyFile!, 'utf8').trim();
      assert.equal(statSync(keyFile!).mode & 0o777, 0o600);
      assert.equal(statSync(out!).mode & 0o777, 0o600);
      assert.deepEqual(JSON.parse(readFileSync(out!, 'utf8')), { api_keys: [key], log_level: 'info' });
      assert.match(first.stdout, new RegExp(`first start generated hearth's API key: ${key}\\n`, 'u'));
      assert.match(first.stdout, /could not be put into the add-on's options: no SUPERVISOR_TOKEN/u);
      const second = run();
      assert.equal(readFileSync(keyFile!, 'utf8').trim(), key, 'the same key on every start');
      assert.match(second.stdout, new RegExp(`the key generated on the first start: ${key}\\n`, 'u'));
      writeFileSync(options!, JSON.stringify({ api_keys: ['own-key-of-16-chars'] }));
      const own = run();
      assert.equal(own.stdout, '', 'no key is printed once the options hold one');
      assert.deepEqual(JSON.parse(readFileSync(out!, 'utf8')), { api_keys: ['own-key-of-16-chars'] });
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });
});

describe("ingress-proxy.mjs: the page inside Home Assistant, from the Supervisor's proxy only", () => {
  const KEY = 'ingress-key-of-16-chars';
  const seen: IncomingHttpHeaders[] = [];
  let upstream: Server;
  let upstreamPort = 0;
  const listen = (server: Server) =>
    new Promise<number>((resolve) =>
      server.listen(0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port)),
    );
  const close = (server: Server) => new Promise<void>((resolve) => server.close(() => resolve()));

  before(async () => {
    // hearth's page answers with its framing rules; /stream answers in two parts, the second only after the first.
    upstream = createServer((request, response) => {
      seen.push(request.headers);
      if (request.url === '/stream') {
        response.writeHead(200, { 'content-type': 'text/event-stream' });
        response.write('data: one\n\n');
        setTimeout(() => response.end('data: two\n\n'), 20);
        return;
      }
      response.writeHead(200, {
        'x-frame-options': 'DENY',
        'content-security-policy': "default-src 'self'; frame-ancestors 'none'; base-uri 'none'",
        'content-type': 'text/plain',
      });
      response.end(`${request.method} ${request.url}`);
    });
    upstreamPort = await listen(upstream);
  });
  after(() => close(upstream));

  const through = async (allowed: readonly string[], apiKey: string | null, run: (base: string) => Promise<void>) => {
    const server = proxy.createIngressProxy({ upstreamPort, apiKey, allowed });
    const port = await listen(server);
    try {
      await run(`http://127.0.0.1:${port}`);
    } finally {
      server.closeAllConnections();
      await close(server);
    }
  };

  it('takes connections from 172.30.32.2 only (also IPv6-mapped)', async () => {
    assert.equal(proxy.SUPERVISOR_INGRESS, '172.30.32.2');
    assert.ok(proxy.isAllowed('172.30.32.2', [proxy.SUPERVISOR_INGRESS]));
    assert.ok(proxy.isAllowed('::ffff:172.30.32.2', [proxy.SUPERVISOR_INGRESS]));
    assert.ok(!proxy.isAllowed('172.30.32.1', [proxy.SUPERVISOR_INGRESS]));
    assert.ok(!proxy.isAllowed(undefined, [proxy.SUPERVISOR_INGRESS]));
    await through([proxy.SUPERVISOR_INGRESS], KEY, async (base) => {
      const before = seen.length;
      const response = await fetch(`${base}/ui/status`);
      assert.equal(response.status, 403);
      assert.equal(seen.length, before, 'nothing reached hearth');
    });
  });

  it("forwards the request with the add-on's API key when it has none, and a key of its own unchanged", async () => {
    await through(['127.0.0.1'], KEY, async (base) => {
      const plain = await fetch(`${base}/ui/status?x=1`);
      assert.equal(await plain.text(), 'GET /ui/status?x=1');
      assert.equal(seen.at(-1)!.authorization, `Bearer ${KEY}`);
      await fetch(`${base}/admin/connections`, { headers: { authorization: 'Bearer admin-key-of-16-chars' } });
      assert.equal(seen.at(-1)!.authorization, 'Bearer admin-key-of-16-chars');
      const posted = await fetch(`${base}/ui/playground`, { method: 'POST', body: '{"sentence":"hi"}' });
      assert.equal(await posted.text(), 'POST /ui/playground');
    });
    // The key it adds: the first of the options api-key.mjs wrote (never the admin key).
    assert.equal(
      proxy.apiKeyOf({ api_keys: [KEY, 'second-key-of-16-chars'], admin_key: 'admin-key-of-16-chars' }),
      KEY,
    );
    assert.equal(proxy.apiKeyOf({ api_keys: [] }), null);
  });

  it("lets Home Assistant frame the page (same origin only), and keeps hearth's other rules", async () => {
    await through(['127.0.0.1'], KEY, async (base) => {
      const response = await fetch(`${base}/`);
      assert.equal(response.headers.get('x-frame-options'), 'SAMEORIGIN');
      assert.equal(
        response.headers.get('content-security-policy'),
        "default-src 'self'; frame-ancestors 'self'; base-uri 'none'",
      );
    });
  });

  it('streams answers as they come, and says so when hearth does not answer', async () => {
    await through(['127.0.0.1'], KEY, async (base) => {
      const response = await fetch(`${base}/stream`);
      const reader = response.body!.getReader();
      const first = await reader.read();
      assert.equal(new TextDecoder().decode(first.value), 'data: one\n\n');
      let rest = '';
      for (let part = await reader.read(); !part.done; part = await reader.read())
        rest += new TextDecoder().decode(part.value);
      assert.equal(rest, 'data: two\n\n');
    });
    const dead = proxy.createIngressProxy({ upstreamPort: 1, apiKey: KEY, allowed: ['127.0.0.1'] });
    const port = await listen(dead);
    try {
      const response = await fetch(`http://127.0.0.1:${port}/`);
      assert.equal(response.status, 502);
      assert.match(await response.text(), /^hearth is not answering \(ECONNREFUSED\)/u);
    } finally {
      await close(dead);
    }
  });

  it('as a program: runs the command as its child, passes SIGTERM on, and ends with its exit code', async () => {
    const script = join(ADDON, 'ingress-proxy.mjs');
    /** A port free a moment ago (the proxy listens on it while its child runs). */
    const freePort = async () => {
      const probe = createServer();
      const port = await listen(probe);
      await close(probe);
      return String(port);
    };
    const exited = spawnSync(
      process.execPath,
      [script, '--listen', await freePort(), '--upstream', '8080', '--', process.execPath, '-e', 'process.exit(3)'],
      { encoding: 'utf8' },
    );
    assert.equal(exited.status, 3, exited.stderr);
    const child = spawn(
      process.execPath,
      [
        script,
        ...['--listen', await freePort(), '--upstream', '8080', '--'],
        ...[
          process.execPath,
          '-e',
          "process.on('SIGTERM', () => process.exit(0)); console.log('up'); setInterval(() => {}, 1000)",
        ],
      ],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    );
    await new Promise((resolve) => child.stdout.once('data', resolve));
    child.kill('SIGTERM');
    const code = await new Promise((resolve) => child.once('exit', resolve));
    assert.equal(code, 0);
    assert.throws(() => proxy.parseArguments(['--listen', '8099']), /usage/u);
    assert.throws(
      () => proxy.parseArguments(['--listen', 'x', '--upstream', '8080', '--', 'node']),
      /--listen needs a port/u,
    );
  });
});

// The repository's add-on folder is the source of the packed one: nothing in it is left behind.
describe('ha-addon/hearth is copied whole', () => {
  it("every file of ha-addon/hearth is in the packed folder, the same but for config.yaml's version", () => {
    for (const path of filesUnder(SOURCE)) {
      const packedText = readFileSync(join(ADDON, path));
      if (path === 'config.yaml') continue;
      assert.ok(packedText.equals(readFileSync(join(SOURCE, path))), `${relative(ROOT, join(SOURCE, path))} differs`);
    }
  });
});

describe("the add-on's start, through the real program (run.sh's steps, with temporary paths)", () => {
  it('a first start with no keys: the API refuses requests without the generated key, the ingress port serves the page', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'hearth-addon-start-'));
    const file = (name: string) => join(folder, name);
    writeFileSync(file('options.json'), JSON.stringify({ api_keys: [], log_level: 'warn' }));
    const step = (script: string, args: string[]) => {
      const result = spawnSync(process.execPath, [join(ADDON, script), ...args], {
        encoding: 'utf8',
        env: { PATH: process.env.PATH },
      });
      assert.equal(result.status, 0, result.stderr);
    };
    step('api-key.mjs', [file('options.json'), file('api-key'), file('options-with-key.json')]);
    step('options-to-config.mjs', [file('options-with-key.json'), file('hearth.yaml')]);
    const key = readFileSync(file('api-key'), 'utf8').trim();
    // The repository's bin/hearth.mjs: the packed app/ has the same build but no node_modules until the image is built.
    const hearth = spawn(
      process.execPath,
      [join(ROOT, 'bin/hearth.mjs'), 'serve', '--host', '127.0.0.1', '--port', '0', '--config', file('hearth.yaml')],
      { env: { PATH: process.env.PATH, HEARTH__DATA_DIR: file('data') }, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    try {
      const port = await new Promise<number>((resolve, reject) => {
        let out = '';
        hearth.stderr.on('data', (data: Buffer) => {
          out += data.toString();
        });
        hearth.stdout.on('data', (data: Buffer) => {
          out += data.toString();
          const found = /listening on http:\/\/127\.0\.0\.1:(\d+)/u.exec(out);
          if (found) resolve(Number(found[1]));
        });
        hearth.once('exit', (code) => reject(new Error(`hearth ended (${code}) before listening: ${out}`)));
      });
      const direct = `http://127.0.0.1:${port}`;
      for (const path of ['/v1/models', '/api/tags', '/ui/status'])
        assert.equal((await fetch(`${direct}${path}`)).status, 401, `${path} without a key`);
      assert.equal((await fetch(`${direct}/api/tags`, { headers: { authorization: `Bearer ${key}` } })).status, 200);
      const ingress = proxy.createIngressProxy({ upstreamPort: port, apiKey: key, allowed: ['127.0.0.1'] });
      const ingressPort = await new Promise<number>((resolve) =>
        ingress.listen(0, '127.0.0.1', () => resolve((ingress.address() as AddressInfo).port)),
      );
      try {
        const page = await fetch(`http://127.0.0.1:${ingressPort}/`);
        assert.equal(page.status, 200);
        assert.equal(page.headers.get('x-frame-options'), 'SAMEORIGIN');
        assert.match(await page.text(), /src="\.\/assets\//u);
        assert.equal((await fetch(`http://127.0.0.1:${ingressPort}/ui/status`)).status, 200);
      } finally {
        ingress.closeAllConnections();
        await new Promise((resolve) => ingress.close(resolve));
      }
    } finally {
      hearth.kill('SIGTERM');
      await new Promise((resolve) => (hearth.exitCode === null ? hearth.once('exit', resolve) : resolve(null)));
      rmSync(folder, { recursive: true, force: true });
    }
  });
});
