// The exclusions applied to a whole result at the boundary: every entity id and entity name anywhere in it judged.

import { isRecord } from '../../common/index.ts';

/** What the filter knows of a home: which entity ids it has, which the limits let through, and excluded names. */
export interface EntityView {
  /** Entity ids the limits let through. */
  visibleIds: ReadonlySet<string>;
  /** Entity ids the limits exclude or withhold. */
  excludedIds: ReadonlySet<string>;
  /** Names of excluded entities (trimmed, lowercase) that no visible entity also has. */
  excludedNames: ReadonlySet<string>;
}

/** One entity as the view is built from it: its id, its name when it has one, and whether the limits let it through. */
export interface ViewedEntity {
  entityId: string;
  name?: string;
  isVisible: boolean;
}

/**
 * What a field of Home Assistant's says about entities:
 * - `subject-id`: the entity (or list of entities) the object is about. An excluded one drops the whole object; one
 *   the filter cannot judge (not in the home, not a string) drops the field; in a list, each such id is removed.
 * - `subject-name`: the name of the entity the object is about. An excluded entity's name drops the whole object.
 * - `cause-id`, `cause-name`: the entity that caused a logbook entry. One that is excluded, or an id that cannot be
 *   judged, drops every `context_*` key of the object, so the entry keeps what happened and no trace of the cause.
 * - `states`: a list of states (a service call's `changed`). An entry whose `entity_id` is not visible is dropped.
 */
export type EntityFieldRole = 'subject-id' | 'subject-name' | 'cause-id' | 'cause-name' | 'states';

/** The fields Home Assistant uses to name an entity, one row each (keys compared exactly, as Home Assistant writes them). */
export const ENTITY_FIELDS: Readonly<Record<string, EntityFieldRole>> = Object.freeze({
  entity_id: 'subject-id',
  entity_ids: 'subject-id',
  friendly_name: 'subject-name',
  name: 'subject-name',
  entity_name: 'subject-name',
  context_entity_id: 'cause-id',
  context_entity_id_name: 'cause-name',
  context_entity_id_friendly_name: 'cause-name',
  context_name: 'cause-name',
  changed: 'states',
  changed_states: 'states',
});

/** The prefix of the logbook's keys about an entry's cause (`context_message`, `context_source`, `context_domain` …). */
const CAUSE_PREFIX = 'context_';

/** Deeper values are dropped: what is not judged is not returned (Home Assistant's results are a few levels deep). */
const MAX_DEPTH = 32;

/** Builds the view from every entity of the home. */
export function createEntityView(entities: readonly ViewedEntity[]): EntityView {
  const visibleIds = new Set<string>();
  const excludedIds = new Set<string>();
  const visibleNames = new Set<string>();
  const excludedNames = new Set<string>();
  for (const entity of entities) {
    (entity.isVisible ? visibleIds : excludedIds).add(entity.entityId);
    const name = entity.name === undefined ? '' : normalName(entity.name);
    if (name !== '') (entity.isVisible ? visibleNames : excludedNames).add(name);
  }
  // A name a visible entity also has is shown with that entity anyway: it does not single out the excluded one.
  for (const name of visibleNames) excludedNames.delete(name);
  return { visibleIds, excludedIds, excludedNames };
}

/**
 * A copy of a result with every trace of an excluded entity removed (see {@link ENTITY_FIELDS}), and, anywhere else,
 * every string that is an excluded entity's id or name or holds an excluded id as a word. `undefined` when the result
 * itself is about an excluded entity. Linear in the size of the result.
 */
export function filterEntityReferences(value: unknown, view: EntityView): unknown {
  return filterAt(value, view, 0);
}

/** True when a result holds anything the filter judges (a field of the table, or a string shaped like an entity id). */
export function namesEntities(value: unknown): boolean {
  return namesAt(value, 0);
}

function namesAt(value: unknown, depth: number): boolean {
  if (typeof value === 'string') return hasEntityIdWord(value);
  if (depth >= MAX_DEPTH) return true;
  if (Array.isArray(value)) return value.some((item) => namesAt(item, depth + 1));
  if (!isRecord(value)) return false;
  return Object.entries(value).some(
    ([key, item]) => ENTITY_FIELDS[key] !== undefined || hasEntityIdWord(key) || namesAt(item, depth + 1),
  );
}

function filterAt(value: unknown, view: EntityView, depth: number): unknown {
  if (typeof value === 'string') return isExcludedText(value, view) ? undefined : value;
  if (!Array.isArray(value) && !isRecord(value)) return value;
  if (depth >= MAX_DEPTH) return undefined;
  if (Array.isArray(value)) return filterList(value, view, depth);
  return filterObject(value, view, depth);
}

function filterList(items: readonly unknown[], view: EntityView, depth: number): unknown[] {
  const kept: unknown[] = [];
  for (const item of items) {
    const filtered = filterAt(item, view, depth + 1);
    if (filtered !== undefined) kept.push(filtered);
  }
  return kept;
}

/** An object: dropped whole when it is about an excluded entity; otherwise each field judged by its row. */
function filterObject(object: Record<string, unknown>, view: EntityView, depth: number): unknown {
  const entries = Object.entries(object);
  if (entries.some(([key, item]) => isAboutExcluded(ENTITY_FIELDS[key], item, view))) return undefined;
  const isCauseHidden = entries.some(([key, item]) => hidesCause(ENTITY_FIELDS[key], item, view));
  const kept: [string, unknown][] = [];
  for (const [key, item] of entries) {
    if (isExcludedText(key, view) || (isCauseHidden && key.startsWith(CAUSE_PREFIX))) continue;
    const filtered = filterField(ENTITY_FIELDS[key], item, view, depth);
    if (filtered !== undefined) kept.push([key, filtered]);
  }
  // fromEntries defines own properties, so a `__proto__` key stays a key and never becomes a prototype.
  return Object.fromEntries(kept);
}

/** True when a field makes its object an excluded entity's: its subject id is excluded, or its name is one's. */
function isAboutExcluded(role: EntityFieldRole | undefined, value: unknown, view: EntityView): boolean {
  if (role === 'subject-id') return typeof value === 'string' && view.excludedIds.has(value);
  if (role === 'subject-name') return typeof value === 'string' && view.excludedNames.has(normalName(value));
  return false;
}

/** True when a field names a cause the result may not show: excluded, or an id the filter cannot judge. */
function hidesCause(role: EntityFieldRole | undefined, value: unknown, view: EntityView): boolean {
  if (role === 'cause-id') return typeof value !== 'string' || !view.visibleIds.has(value);
  if (role === 'cause-name') return typeof value !== 'string' || view.excludedNames.has(normalName(value));
  return false;
}

/** One field's value by its row; `undefined` drops the field. */
function filterField(role: EntityFieldRole | undefined, value: unknown, view: EntityView, depth: number): unknown {
  if (role === 'subject-id') {
    if (typeof value === 'string') return view.visibleIds.has(value) ? value : undefined;
    if (!Array.isArray(value)) return undefined;
    return value.filter((id) => typeof id === 'string' && view.visibleIds.has(id));
  }
  if (role === 'states') {
    if (!Array.isArray(value)) return undefined;
    const visible = value.filter((state) => isRecord(state) && view.visibleIds.has(state.entity_id as string));
    return filterList(visible, view, depth);
  }
  return filterAt(value, view, depth + 1);
}

/** An excluded entity's id or name, or a text that holds an excluded id as a word (`triggered by state of lock.x`). */
function isExcludedText(text: string, view: EntityView): boolean {
  if (view.excludedIds.has(text) || view.excludedNames.has(normalName(text))) return true;
  let found = false;
  forEachIdWord(text, (word) => {
    found ||= view.excludedIds.has(word);
  });
  return found;
}

function hasEntityIdWord(text: string): boolean {
  let found = false;
  forEachIdWord(text, () => {
    found = true;
  });
  return found;
}

/**
 * Calls `visit` with each word of `text` shaped like an entity id (`domain.object_id`: lowercase letters, digits and
 * `_` on both sides of one `.`), read as the maximal runs of those characters, a trailing `.` left out. One pass.
 */
function forEachIdWord(text: string, visit: (word: string) => void): void {
  let start = -1;
  let dots = 0;
  for (let i = 0; i <= text.length; i++) {
    const code = i < text.length ? text.charCodeAt(i) : -1;
    if (isIdChar(code) || code === 0x2e) {
      if (start < 0) start = i;
      if (code === 0x2e) dots++;
      continue;
    }
    if (start >= 0) {
      let end = i;
      if (text.charCodeAt(end - 1) === 0x2e) {
        end--;
        dots--;
      }
      // Only with one `.` in the run: then indexOf stops inside it, and the whole scan stays one pass.
      const dot = dots === 1 ? text.indexOf('.', start) : -1;
      if (dot > start && dot < end - 1) visit(text.slice(start, end));
    }
    start = -1;
    dots = 0;
  }
}

/** `[a-z0-9_]`. */
function isIdChar(code: number): boolean {
  return (code >= 0x61 && code <= 0x7a) || (code >= 0x30 && code <= 0x39) || code === 0x5f;
}

function normalName(name: string): string {
  return name.trim().toLowerCase();
}
