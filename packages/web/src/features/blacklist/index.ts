/**
 * The client blacklist's public face (issue 15 §4): the client list's "Blacklist" button and
 * drawer, and the "Block client" action of a client row, over domain `blacklistEndpoints`.
 */
export { BlacklistButton } from './BlacklistDrawer';
export { type BlockTarget, useBlockClientAction } from './useBlockClientAction';
