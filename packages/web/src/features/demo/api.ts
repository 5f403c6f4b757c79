import type { DemoLoginResponse, Project, ServerConfig } from '@netloom/domain';
import { api } from '../../api/client';

/** The live demo's calls: enter it (a session of the demo account), the server's demo config, a project. */
export const demoApi = {
  enter: () => api.post<DemoLoginResponse>('/api/auth/demo', { client: 'web' }),
  serverConfig: () => api.get<ServerConfig>('/api/meta/server-config'),
  project: (id: number) => api.get<Project>(`/api/projects/${id}`),
};
