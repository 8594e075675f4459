// Pieces of Jinja2 that several response templates share: where a target is, a list of names, a thing's noun.

/** " in the Kitchen" / " on the First Floor" / "" from the `area` or `floor` slot. */
export const WHERE =
  '{% if slots.area is defined %} in the {{ slots.area }}{% elif slots.floor is defined %} on the {{ slots.floor }}{% endif %}';

/** The names of a list of states as English prose: "A", "A and B", "A, B and C". */
export function namesOf(states: string): string {
  return (
    `{% set names = ${states} | map(attribute='name') | list %}` +
    "{% if names | length > 1 %}{{ names[:-1] | join(', ') }} and {{ names[-1] }}{% else %}{{ names | join('') }}{% endif %}"
  );
}

/** The noun of the matched things from the device class ("window", "garage door") or else the domain ("light", "person"). */
export function thingsNoun(isPlural: boolean): string {
  const plural = (singular: string, many: string) => (isPlural ? many : singular);
  return (
    "{% if slots.device_class is defined %}{{ {'garage': 'garage door'}.get(slots.device_class, slots.device_class) }}" +
    plural('', 's') +
    `{% elif slots.domain == 'person' %}${plural('person', 'people')}{% elif slots.domain == 'switch' %}${plural('switch', 'switches')}` +
    `{% else %}{{ slots.domain }}${plural('', 's')}{% endif %}`
  );
}
