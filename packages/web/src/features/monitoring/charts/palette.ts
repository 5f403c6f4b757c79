/**
 * The one chart palette of the console (UI.md "charts share one palette"). Roles first: upload and
 * download keep their colours on every chart, so a reader learns them once.
 */
export const CHART_COLOURS = {
  upload: '#1677ff',
  download: '#13c2c2',
  clients: '#722ed1',
  clientsPeak: '#b37feb',
  devices: '#52c41a',
  offline: '#bfbfbf',
} as const;

/** Categorical series (pie slices, stacked bars) in this order. */
export const CATEGORY_PALETTE = [
  '#1677ff',
  '#13c2c2',
  '#722ed1',
  '#fa8c16',
  '#52c41a',
  '#eb2f96',
  '#faad14',
  '#2f54eb',
  '#a0d911',
  '#8c8c8c',
] as const;

export const AXIS_COLOURS = {
  line: '#d9d9d9',
  split: '#f0f0f0',
  label: '#595959',
} as const;
