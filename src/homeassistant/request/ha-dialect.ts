// Which Home Assistant request shape to imitate: the era of the prompt and tools, and the tool-name prefix style.

/**
 * The HA version family: `2024` (2024.6–2025.3: date line first, state in the YAML, no GetLiveContext),
 * `2025` (2025.4–2025.12: date line last, parameterless GetLiveContext), `2026` (2026.1–2026.8:
 * GetDateTime tool, no date line, GetLiveContext with filters).
 */
export type HaEra = '2024' | '2025' | '2026';

/**
 * Tool-name prefixes: `none` (classic), `assist.` / `assist__` (several LLM APIs selected, before / since
 * ~2025.5), `platform` (2026.9+ `intent__HassTurnOn`, `light__HassLightSet`, …) and `assist__platform`
 * (both stacked). `platform` also brings the 2026.9 prompt wording.
 */
export type ToolPrefixStyle = 'none' | 'assist.' | 'assist__' | 'platform' | 'assist__platform';

/** True when the style has the 2026.9+ `domain__` platform prefixes. */
export function hasPlatformPrefix(style: ToolPrefixStyle): boolean {
  return style === 'platform' || style === 'assist__platform';
}

/** The MergedAPI prefix of the style (`assist.`, `assist__`), or '' when one API is selected. */
export function mergedApiPrefix(style: ToolPrefixStyle): string {
  if (style === 'assist.') return 'assist.';
  return style === 'assist__' || style === 'assist__platform' ? 'assist__' : '';
}
