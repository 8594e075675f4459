#!/usr/bin/env node
// Lint: a folder's index.ts exports what other folders use (docs/STYLE.md §2). A name no file outside the folder
// imports through the index is reported, so the public surface of each folder stays the part others rely on.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';

const root = new URL('..', import.meta.url).pathname;
/** Where users of an index may live: the program, its tests, benchmarks and scripts, and the page. */
const USER_FOLDERS = ['src', 'test', 'bench', 'scripts', 'web/src'];
/**
 * The entrances: every src/<folder>/index.ts, and homeassistant/request/'s own (see .dependency-cruiser.cjs). hassil/
 * is left out: it is a self-contained library, and its index is its documented API (src/hassil/README.md), for other
 * projects as much as for hearth.
 */
const ENTRANCES = [
  ...readdirSync(join(root, 'src'))
    .filter((folder) => folder !== 'hassil')
    .map((folder) => join(root, 'src', folder, 'index.ts'))
    .filter((path) => isFile(path)),
  join(root, 'src/homeassistant/request/index.ts'),
];

function isFile(path) {
  try {
    return statSync(path).isFile();
  } catch {
    return false;
  }
}

function sourceFiles(dir) {
  const files = [];
  for (const entry of readdirSync(dir)) {
    const path = join(dir, entry);
    if (statSync(path).isDirectory()) {
      if (entry !== 'node_modules' && entry !== 'data') files.push(...sourceFiles(path));
    } else if (/\.(ts|tsx|mts|mjs)$/.test(entry)) files.push(path);
  }
  return files;
}

function parse(path) {
  return ts.createSourceFile(path, readFileSync(path, 'utf8'), ts.ScriptTarget.Latest, false);
}

/** The names an index exports (`export { a, b as c } from`, `export function f`, `export const x`, ...). */
function exportedNames(path) {
  const names = [];
  for (const statement of parse(path).statements) {
    if (ts.isExportDeclaration(statement) && statement.exportClause && ts.isNamedExports(statement.exportClause))
      for (const element of statement.exportClause.elements) names.push(element.name.text);
    else if (
      ts.canHaveModifiers(statement) &&
      ts.getModifiers(statement)?.some((m) => m.kind === ts.SyntaxKind.ExportKeyword)
    ) {
      if (ts.isVariableStatement(statement))
        for (const declaration of statement.declarationList.declarations) names.push(declaration.name.getText());
      else if (statement.name) names.push(statement.name.text);
    }
  }
  return names;
}

/** For each index, the names files outside its folder import from it (named imports and re-exports). */
function usedNames() {
  const used = new Map(ENTRANCES.map((entrance) => [entrance, new Set()]));
  for (const folder of USER_FOLDERS)
    for (const file of sourceFiles(join(root, folder))) {
      for (const statement of parse(file).statements) {
        const specifier = statement.moduleSpecifier;
        if (!specifier || !ts.isStringLiteral(specifier) || !specifier.text.startsWith('.')) continue;
        const target = resolve(dirname(file), specifier.text);
        const names = used.get(target);
        if (names === undefined || file.startsWith(`${dirname(target)}/`)) continue;
        const clause = ts.isImportDeclaration(statement)
          ? statement.importClause?.namedBindings
          : statement.exportClause;
        if (clause && (ts.isNamedImports(clause) || ts.isNamedExports(clause)))
          for (const element of clause.elements) names.add((element.propertyName ?? element.name).text);
        else if (clause) names.add('*');
      }
    }
  return used;
}

const used = usedNames();
const unused = [];
for (const entrance of ENTRANCES) {
  const names = used.get(entrance);
  if (names.has('*')) continue;
  for (const name of exportedNames(entrance)) if (!names.has(name)) unused.push(`${relative(root, entrance)}: ${name}`);
}
if (unused.length > 0) {
  console.error(
    `Exports no file outside their folder imports (remove them from the index, STYLE.md §2):\n  ${unused.join('\n  ')}`,
  );
  process.exit(1);
}
console.log('index exports: ok');
