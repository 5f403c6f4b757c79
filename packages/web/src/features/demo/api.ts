import type { DemoLoginResponse } from '@netloom/domain';
import { api } from '../../api/client';

/** The live demo's call: enter it (a session of the demo account). */
export const demoApi = {
  enter: () => api.post<DemoLoginResponse>('/api/auth/demo', { client: 'web' }),
};
