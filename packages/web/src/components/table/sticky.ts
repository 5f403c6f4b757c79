import { CONSOLE_HEADER_HEIGHT } from '../../styles/theme';

/** A table's `sticky`: its header stays in view, just below the console's header, while rows scroll. */
export const STICKY_HEADER = { offsetHeader: CONSOLE_HEADER_HEIGHT } as const;
