/** Pieces of the list pages: the toolbar above a table and the bar of bulk actions. */
export { BulkBar } from './BulkBar';
export { FilterSelect, type ListFilter } from './FilterSelect';
export { filteredDeviceName, ListEmpty } from './ListEmpty';
export { type ListSearch, ListToolbar } from './ListToolbar';
export { optionsOf } from './options';
