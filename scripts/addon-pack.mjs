#!/usr/bin/env node
// `npm run addon:pack` (after `npm run build`): writes the Home Assistant add-on as a folder that installs as it is.
//
//   node scripts/addon-pack.mjs [--out DIR]     default DIR: dist/addon
//
// DIR/repository.yaml and DIR/hearth/: ha-addon/hearth's files (config.yaml with package.json's version, the
// Dockerfile, the start scripts, DOCS.md, CHANGELOG.md, translations/, icon.png, logo.png), and in DIR/hearth/app/ what
// the Dockerfile builds from: hearth's build (dist/, with the page in dist/web), bin/, LICENSE, package-lock.json and
// package.json without its scripts (the image installs the production dependencies only, and builds nothing).
// Copied into Home Assistant's /addons, DIR/hearth is a local add-on the Supervisor builds on the device.

import { chmodSync, cpSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { isMain } from '../ha-addon/hearth/is-main.mjs';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

/** The files of the build hearth cannot run without; their absence means `npm run build` has not run. */
const BUILT = ['dist/cli/main.js', 'dist/web/index.html'];

/**
 * Writes the add-on folder.
 * @param {{ root?: string, out?: string }} [options]
 * @returns {{ out: string, addon: string }} the folder, and the add-on's folder inside it
 */
export function packAddon({ root = ROOT, out = join(root, 'dist', 'addon') } = {}) {
  for (const file of BUILT)
    if (!existsSync(join(root, file))) throw new Error(`${file} is missing: run "npm run build" first`);
  const target = resolve(out);
  const addon = join(target, 'hearth');
  const app = join(addon, 'app');
  if (resolve(root).startsWith(target)) throw new Error(`${target} holds the repository: choose another --out`);
  rmSync(target, { recursive: true, force: true });
  mkdirSync(app, { recursive: true });

  cpSync(join(root, 'ha-addon', 'repository.yaml'), join(target, 'repository.yaml'));
  cpSync(join(root, 'ha-addon', 'hearth'), addon, { recursive: true });
  chmodSync(join(addon, 'run.sh'), 0o755);

  const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
  const config = readFileSync(join(addon, 'config.yaml'), 'utf8');
  const versioned = config.replace(/^version: .*$/mu, `version: ${JSON.stringify(pkg.version)}`);
  if (versioned === config && !config.includes(`version: ${JSON.stringify(pkg.version)}`))
    throw new Error('ha-addon/hearth/config.yaml has no version line');
  writeFileSync(join(addon, 'config.yaml'), versioned);

  // The scripts go: `prepare` is the build, which the image never runs (it gets the build itself).
  const { scripts: _scripts, ...packed } = pkg;
  writeFileSync(join(app, 'package.json'), `${JSON.stringify(packed, null, 2)}\n`);
  cpSync(join(root, 'package-lock.json'), join(app, 'package-lock.json'));
  cpSync(join(root, 'LICENSE'), join(app, 'LICENSE'));
  cpSync(join(root, 'bin'), join(app, 'bin'), { recursive: true });
  const dist = join(root, 'dist');
  cpSync(dist, join(app, 'dist'), {
    recursive: true,
    // Not the add-on folder itself when it is written under dist/, and no source maps (nothing reads them).
    filter: (source) => {
      const path = resolve(source);
      if (path === target || path.startsWith(`${target}${sep}`)) return false;
      return (
        !path.endsWith('.map') && !relative(dist, path).startsWith(`addon${sep}`) && relative(dist, path) !== 'addon'
      );
    },
  });
  return { out: target, addon };
}

/** @param {string[]} argv */
function main(argv) {
  let out;
  if (argv[0] === '--out' && argv[1] !== undefined && argv.length === 2) out = argv[1];
  else if (argv.length > 0) throw new Error('usage: node scripts/addon-pack.mjs [--out DIR]');
  const written = packAddon(out === undefined ? {} : { out });
  const shown = relative(process.cwd(), written.addon) || '.';
  process.stdout.write(
    `The add-on is in ${shown}: copy that folder into Home Assistant's /addons (as /addons/hearth), then install ` +
      'hearth from Local add-ons in the add-on store.\n',
  );
}

if (isMain(import.meta.url)) {
  try {
    main(process.argv.slice(2));
  } catch (error) {
    process.stderr.write(`addon:pack: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exitCode = 1;
  }
}
