/**
 * The full error catalogue, on its own so that `errorMessages.ts` can load it when a code outside
 * the base areas first needs its message.
 */
export { errorMessage } from '@netloom/domain';
