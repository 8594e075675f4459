// The built page (web/, built by `npm run build` into dist/web), read into memory once at start.

import { readdirSync, readFileSync, statSync } from 'node:fs';
import { extname, join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PageFile } from '../server/index.ts';

/** The types of the files Vite writes. */
const CONTENT_TYPES: Readonly<Record<string, string>> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.json': 'application/json',
};

/** Where the build is: beside the compiled program (dist/cli → dist/web), or under dist/ when run from src/. */
const CANDIDATES = ['../web/', '../../dist/web/'];

/** The page's files by URL path, or undefined when the page was not built. */
export function loadPageFiles(base: string = import.meta.url): Map<string, PageFile> | undefined {
  for (const candidate of CANDIDATES) {
    const root = fileURLToPath(new URL(candidate, base));
    if (!isFile(join(root, 'index.html'))) continue;
    const files = new Map<string, PageFile>();
    for (const path of walk(root)) {
      const contentType = CONTENT_TYPES[extname(path)];
      if (contentType === undefined) continue;
      files.set(`/${relative(root, path).split(sep).join('/')}`, { body: readFileSync(path), contentType });
    }
    return files;
  }
  return undefined;
}

function walk(dir: string): string[] {
  return readdirSync(dir).flatMap((entry) => {
    const path = join(dir, entry);
    return statSync(path).isDirectory() ? walk(path) : [path];
  });
}

function isFile(path: string): boolean {
  try {
    return statSync(path).isFile();
  } catch {
    return false;
  }
}
