/** Query keys of the data screen (across projects, not under one project). */
export const dataScreenKeys = {
  summary: ['datascreen', 'summary'] as const,
  settings: ['datascreen', 'settings'] as const,
  places: (q: string) => ['datascreen', 'places', q] as const,
};
