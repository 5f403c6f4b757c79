import { demoEndpoints as E } from '@netloom/domain';
import { call } from '../../api/client';

/** The live demo's call: enter it (a session of the demo account). */
export const demoApi = {
  enter: () => call(E.login, { body: { client: 'web' } }),
};
