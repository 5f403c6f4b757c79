import { describe, expect, it } from 'vitest';
import { accountEndpoints } from '../api/account';
import { authEndpoints } from '../api/auth';
import { deviceEndpoints } from '../api/devices';
import { projectEndpoints } from '../api/projects';
import { searchEndpoints } from '../api/search';
import { sessionEndpoints } from '../sessions/api';
import { apiKeyEndpoints } from './api';
import { type ApiKeyGrant, apiKeyReaches, apiKeyRefusal } from './rules';

const read: ApiKeyGrant = { id: 1, scope: 'read', projectIds: null };
const manage: ApiKeyGrant = { id: 2, scope: 'manage', projectIds: null };
const limited: ApiKeyGrant = { id: 3, scope: 'manage', projectIds: [7] };

describe('apiKeyRefusal', () => {
  it('a read-only key reads and changes nothing', () => {
    expect(apiKeyRefusal(read, 'GET', deviceEndpoints.list)).toBeNull();
    expect(apiKeyRefusal(read, 'POST', deviceEndpoints.add)).toBe('readOnly');
    expect(apiKeyRefusal(read, 'PATCH', projectEndpoints.update)).toBe('readOnly');
    expect(apiKeyRefusal(manage, 'POST', deviceEndpoints.add)).toBeNull();
  });

  it('no key reaches the account’s credentials, except who it belongs to', () => {
    for (const e of [
      ...Object.values(apiKeyEndpoints),
      ...Object.values(sessionEndpoints),
      authEndpoints.changePassword,
      authEndpoints.logout,
      accountEndpoints.updateProfile,
    ])
      expect(apiKeyRefusal(manage, e.method, e), e.path).toBe('notForKeys');
    expect(apiKeyRefusal(limited, 'GET', authEndpoints.session)).toBeNull();
    // Routes that are no domain endpoint (the live channel): not for keys.
    expect(apiKeyRefusal(manage, 'GET', undefined)).toBe('notForKeys');
  });

  it('a key limited to projects reaches no account-wide route but the project list', () => {
    expect(apiKeyRefusal(limited, 'GET', projectEndpoints.list)).toBeNull();
    expect(apiKeyRefusal(limited, 'GET', projectEndpoints.overview)).toBe('projectList');
    expect(apiKeyRefusal(limited, 'GET', searchEndpoints.search)).toBe('projectList');
    expect(apiKeyRefusal(limited, 'POST', projectEndpoints.create)).toBe('projectList');
    expect(apiKeyRefusal(manage, 'GET', projectEndpoints.overview)).toBeNull();
    // Project routes are the project guard's (apiKeyReaches).
    expect(apiKeyRefusal(limited, 'GET', deviceEndpoints.list)).toBeNull();
    expect(apiKeyReaches(limited, 7)).toBe(true);
    expect(apiKeyReaches(limited, 8)).toBe(false);
    expect(apiKeyReaches(manage, 8)).toBe(true);
  });
});
