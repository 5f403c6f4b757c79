import type { LiveInvalidations } from '../../api/live';

/** Query keys of the Share & permissions page: the project's shares and its invitation codes. */
export const sharingKeys = {
  shares: (projectId: number) => ['sharing', projectId, 'shares'] as const,
  invitations: (projectId: number) => ['sharing', projectId, 'invitations'] as const,
};

/** A share given, changed, revoked, left or expired (`member.changed`) refreshes the share list. */
export const sharingLive: LiveInvalidations = {
  events: {
    'member.changed': (e) => [sharingKeys.shares(e.projectId)],
  },
  resync: (p) => [sharingKeys.shares(p)],
};
