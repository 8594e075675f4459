// What a Home Assistant version can do, as far as the fake needs to know: labels, floors, `areas()`, `last_reported`, …

/** The version-dependent behaviour of the fake (ha-apis.md §6.2); each flag can be overridden by a test. */
export interface HaFeatures {
  /** Label registry, `labels()`/`label_*()` templates and `labels` on registry entries (HA 2024.4). */
  labels: boolean;
  /** Floor registry, `floors()`/`floor_*()` templates and `floor_id` on areas (HA 2024.4). */
  floors: boolean;
  /** The `areas()` template function (core PR #88441; 2023.4 taken as the conservative first release). */
  areasFn: boolean;
  /**
   * `last_reported` on state objects. Taken from 2024.4 (core PR #113511 landed after 2024.3 was released), so that
   * the 2024.3.3 home lacks it; ha-apis.md §6.2 says 2024.3.
   */
  lastReported: boolean;
  /**
   * A service that raised answers `POST /api/services/…` with JSON `{"message"}` (400 for a validation error, 500
   * otherwise) instead of a bare 500 (core PR #181590, ha-apis.md §2.8). No release is known to carry it, so no
   * version turns it on; a test sets it.
   */
  restServiceErrorsAsJson: boolean;
  /** `intent-progress` events of streaming agents in pipeline runs (core PR #138095, ≈ 2025.3; ha-apis.md §4.4). */
  intentProgress: boolean;
}

/** The features of a version such as `2024.3.3`; an unparseable version counts as the newest. */
export function featuresFor(haVersion: string): HaFeatures {
  const atLeast = (year: number, month: number): boolean => compareVersion(haVersion, year, month) >= 0;
  return {
    labels: atLeast(2024, 4),
    floors: atLeast(2024, 4),
    areasFn: atLeast(2023, 4),
    lastReported: atLeast(2024, 4),
    restServiceErrorsAsJson: false,
    intentProgress: atLeast(2025, 3),
  };
}

function compareVersion(version: string, year: number, month: number): number {
  const match = /^(\d{4})\.(\d{1,2})/.exec(version);
  if (match === null) return 1;
  const [haYear, haMonth] = [Number(match[1]), Number(match[2])];
  return haYear !== year ? haYear - year : haMonth - month;
}
