/** Pieces of the list pages: the toolbar above a table and the bar of bulk actions. */
export { BulkBar } from './BulkBar';
export { FilterSelect } from './FilterSelect';
export { ListToolbar } from './ListToolbar';
