/** How the `blacklist` document reads in a diff and in the change summary. */
import type { SectionDef } from '../config/diffFormat';
import { str } from '../config/diffFormat';

export const BLACKLIST_DIFF: readonly SectionDef[] = [
  {
    type: 'list',
    key: 'entries',
    section: 'Blocked clients',
    identity: (e) => str(e.mac),
    label: (e) => (e.name ? `${str(e.name)} (${str(e.mac)})` : str(e.mac)),
    fields: [{ key: 'name', label: 'Name' }],
  },
];
