// Reading one YAML file of the intents repository the way PyYAML's safe_load (YAML 1.1) reads it.
// The repository's own tools load it with PyYAML, so `on`/`yes` are booleans and `1_000` is a number.

import yaml from 'js-yaml';
import { HassilError } from '../errors.ts';
import { YAML11_SCHEMA, type YamlSchema } from '../python/yaml-schema.ts';

/** Parses YAML text; a syntax error throws `INVALID_GRAMMAR` naming the file and line. */
export function loadYamlText(text: string, file: string, schema: YamlSchema = YAML11_SCHEMA): unknown {
  try {
    return yaml.load(text, { schema, filename: file });
  } catch (error) {
    if (!(error instanceof yaml.YAMLException)) throw error;
    // js-yaml gives no position when a file holds a second document; its start is where the file went wrong.
    const line = error.mark === undefined ? secondDocumentLine(text) : error.mark.line + 1;
    const location = line === undefined ? { file } : { file, line };
    throw new HassilError('INVALID_GRAMMAR', `invalid YAML: ${error.reason}`, location, error);
  }
}

/** The line (1-based) where a second document starts (a second `---`, or content after `...`), if the text has one. */
function secondDocumentLine(text: string): number | undefined {
  let started = false;
  let ended = false;
  for (const [index, line] of text.split(/\r\n|\r|\n/).entries()) {
    // YAML's white space is a space or a tab only: a U+2028 (which JavaScript's `\s` takes) is content to js-yaml.
    if (/^---([ \t]|$)/.test(line)) {
      if (started || ended) return index + 1;
      started = true;
    } else if (/^\.\.\.([ \t]|$)/.test(line)) {
      // `...` ends a document, an empty one too: whatever follows is another, a second `...` as well.
      if (ended) return index + 1;
      ended = true;
    } else if (!/^[ \t]*(#.*)?$/.test(line) && !line.startsWith('%')) {
      if (ended) return index + 1;
      started = true;
    }
  }
  return undefined;
}
