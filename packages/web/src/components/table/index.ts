/** Table pieces shared by the list pages: column settings and the per-account table preference. */
export { type ColumnChoice, ColumnSettings } from './ColumnSettings';
export { STICKY_HEADER } from './sticky';
export { parseTablePreference, useTablePreference } from './tablePreference';
export { columnsWidth } from './width';
