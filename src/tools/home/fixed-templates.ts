// The only templates hearth ever renders on Home Assistant: fixed text, no model input, each ending in `| tojson`.

/**
 * Every area with its name, its entities and its devices (HA's `area_entities` rule: an entity's own area, else its
 * device's; entities outside the entity registry never appear). `areas()` needs Home Assistant 2023.3 or later.
 */
export const AREAS_TEMPLATE =
  '{% set ns = namespace(out=[]) %}{% for a in areas() %}{% set ns.out = ns.out + [{"id": a, "name": area_name(a), "entities": area_entities(a), "devices": area_devices(a)}] %}{% endfor %}{{ ns.out | tojson }}';

/** Every label with its name and the entities that carry it directly (device labels are not inherited). HA 2024.4+. */
export const LABELS_TEMPLATE =
  '{% set ns = namespace(out=[]) %}{% for l in labels() %}{% set ns.out = ns.out + [{"id": l, "name": label_name(l), "entities": label_entities(l)}] %}{% endfor %}{{ ns.out | tojson }}';
