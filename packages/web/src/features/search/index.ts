/** The search feature's public face: the header's search box and dialog (Ctrl-K, ⌘K, `/`). */
export { GlobalSearch } from './GlobalSearch';
