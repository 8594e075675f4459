// HA's area, label and floor template functions (`helpers/template.py`), switched on and off by the version's features.

import type { HaFeatures } from './features.ts';
import { createRegistryView, type Registries, type RegistryView } from './membership.ts';
import { Namespace, PyError, PyFunction, type PyDict, type PyValue } from './python-values.ts';

/** What the template functions read. */
export interface TemplateHome {
  registries: Registries;
  features: HaFeatures;
  /** An area `areas()` still lists while every other function answers as if it had been deleted. */
  deletedArea?: string;
}

type Lookup = string | undefined;

/** One function: its parameter names (for Python's error text), how many are optional, the feature it needs. */
interface FunctionSpec {
  params: string[];
  optional?: number;
  feature?: keyof HaFeatures;
  run: (view: RegistryView, args: Lookup[]) => PyValue;
}

const areaId = (view: RegistryView, lookup: Lookup): string | null => {
  if (lookup === undefined) return null;
  const byName = view.areaByName(lookup);
  if (byName !== undefined) return byName.area_id;
  if (view.entity(lookup) !== undefined) {
    const area = view.entityArea(lookup);
    if (area !== null) return area;
  }
  return liveArea(view, view.device(lookup)?.area_id ?? null);
};

const liveArea = (view: RegistryView, id: string | null): string | null =>
  id !== null && view.area(id) !== undefined ? id : null;

const areaName = (view: RegistryView, lookup: Lookup): string | null => {
  if (lookup === undefined) return null;
  const area = view.area(lookup) ?? areaOf(view, lookup);
  return area?.name ?? null;
};

function areaOf(view: RegistryView, lookup: string) {
  const viaEntity = view.entity(lookup) === undefined ? null : view.entityArea(lookup);
  const id = viaEntity ?? liveArea(view, view.device(lookup)?.area_id ?? null);
  return id === null ? undefined : view.area(id);
}

// `area_entities`/`area_devices`: an input `area_name` knows is taken as an id, anything else as a name.
const resolveArea = (view: RegistryView, lookup: Lookup): string | null =>
  areaName(view, lookup) !== null ? (lookup ?? null) : areaId(view, lookup);

const resolveLabel = (view: RegistryView, lookup: Lookup): string | null =>
  lookup === undefined ? null : ((view.label(lookup) ?? view.labelByName(lookup))?.label_id ?? null);

const resolveFloor = (view: RegistryView, lookup: Lookup): string | null =>
  lookup === undefined ? null : ((view.floor(lookup) ?? view.floorByName(lookup))?.floor_id ?? null);

function labelsOf(view: RegistryView, lookup: Lookup): string[] {
  if (lookup === undefined) return [];
  const owner = view.entity(lookup) ?? view.device(lookup) ?? view.area(lookup);
  return owner === undefined ? [] : [...owner.labels];
}

function floorOf(view: RegistryView, lookup: Lookup): string | null {
  const area = areaId(view, lookup);
  return area === null ? null : (view.area(area)?.floor_id ?? null);
}

const FUNCTIONS: Record<string, FunctionSpec> = {
  areas: { params: [], feature: 'areasFn', run: (view) => [...view.areaIds] },
  area_id: { params: ['lookup_value'], run: (view, [lookup]) => areaId(view, lookup) },
  area_name: { params: ['lookup_value'], run: (view, [lookup]) => areaName(view, lookup) },
  area_entities: {
    params: ['area_id_or_name'],
    run: (view, [lookup]) => withId(resolveArea(view, lookup), (id) => view.areaEntities(id)),
  },
  area_devices: {
    params: ['area_id_or_name'],
    run: (view, [lookup]) => withId(resolveArea(view, lookup), (id) => view.areaDevices(id)),
  },
  labels: {
    params: ['lookup_value'],
    optional: 1,
    feature: 'labels',
    run: (view, args) => (args.length === 0 ? [...view.labelIds] : labelsOf(view, args[0])),
  },
  label_id: {
    params: ['lookup_value'],
    feature: 'labels',
    run: (view, [lookup]) => (lookup === undefined ? null : (view.labelByName(lookup)?.label_id ?? null)),
  },
  label_name: {
    params: ['lookup_value'],
    feature: 'labels',
    run: (view, [lookup]) => (lookup === undefined ? null : (view.label(lookup)?.name ?? null)),
  },
  label_entities: labelMembers((view, id) => view.labelEntities(id)),
  label_devices: labelMembers((view, id) => view.labelDevices(id)),
  label_areas: labelMembers((view, id) => view.labelAreas(id)),
  floors: { params: [], feature: 'floors', run: (view) => [...view.floorIds] },
  floor_id: {
    params: ['lookup_value'],
    feature: 'floors',
    run: (view, [lookup]) =>
      (lookup === undefined ? undefined : view.floorByName(lookup)?.floor_id) ?? floorOf(view, lookup),
  },
  floor_name: {
    params: ['lookup_value'],
    feature: 'floors',
    run: (view, [lookup]) => {
      const id = (lookup === undefined ? undefined : view.floor(lookup)?.floor_id) ?? floorOf(view, lookup);
      return id === null ? null : (view.floor(id)?.name ?? null);
    },
  },
  floor_areas: {
    params: ['floor_id_or_name'],
    feature: 'floors',
    run: (view, [lookup]) => withId(resolveFloor(view, lookup), (id) => view.floorAreas(id)),
  },
};

function labelMembers(members: (view: RegistryView, labelId: string) => string[]): FunctionSpec {
  return {
    params: ['label_id_or_name'],
    feature: 'labels',
    run: (view, [lookup]) => withId(resolveLabel(view, lookup), (id) => members(view, id)),
  };
}

function withId(id: string | null, members: (id: string) => string[]): string[] {
  return id === null ? [] : members(id);
}

/**
 * The globals a template sees: HA's functions the version has (a switched-off one is simply absent, so calling
 * it raises `UndefinedError: '<name>' is undefined`) and Jinja's `namespace`.
 */
export function createTemplateGlobals(home: TemplateHome): Map<string, PyFunction> {
  const view = createRegistryView(home.registries, { deletedArea: home.deletedArea });
  const globals = new Map<string, PyFunction>();
  for (const [name, spec] of Object.entries(FUNCTIONS)) {
    if (spec.feature !== undefined && !home.features[spec.feature]) continue;
    globals.set(name, new PyFunction(name, (args) => spec.run(view, checkArguments(name, spec, args))));
  }
  globals.set('namespace', new PyFunction('namespace', createNamespace));
  return globals;
}

function checkArguments(name: string, spec: FunctionSpec, args: PyValue[]): Lookup[] {
  const required = spec.params.length - (spec.optional ?? 0);
  if (args.length < required) {
    const missing = spec.params.slice(args.length, required).map((param) => `'${param}'`);
    const noun = missing.length === 1 ? 'argument' : 'arguments';
    throw new PyError(
      'TypeError',
      `${name}() missing ${missing.length} required positional ${noun}: ${missing.join(' and ')}`,
    );
  }
  if (args.length > spec.params.length)
    throw new PyError(
      'TypeError',
      `${name}() takes ${spec.params.length + 1} positional arguments but ${args.length + 1} were given`,
    );
  // HA looks the value up as given: a non-text value matches no registry key.
  return args.map((arg) => (typeof arg === 'string' ? arg : undefined));
}

function createNamespace(args: PyValue[], kwargs: PyDict): Namespace {
  const attrs: PyDict = new Map();
  for (const arg of args) if (arg instanceof Map) for (const [key, value] of arg) attrs.set(key, value);
  for (const [key, value] of kwargs) attrs.set(key, value);
  return new Namespace(attrs);
}
