/** Distances (spec §9 "distance in m under 1000, otherwise km"). */

/**
 * A distance in metres for people: whole metres under 1000 m, otherwise kilometres with one
 * decimal (`999 m`, `1.0 km`, `12.5 km`). Rounding happens first, so 999.6 m shows as `1.0 km`.
 * Negative or non-finite input shows as `0 m`.
 */
export function formatDistance(metres: number): string {
  const m = Number.isFinite(metres) && metres > 0 ? Math.round(metres) : 0;
  if (m < 1000) return `${m} m`;
  return `${(m / 1000).toFixed(1)} km`;
}
