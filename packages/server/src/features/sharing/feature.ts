/**
 * Project sharing (issue 14 §1, `/manage/authority`): shares by account with a permission, a role
 * and an expiry; invitation codes; leaving a project shared with you; expiries announced on the live
 * channel the moment they pass. It owns `project_invitations`; the shares themselves are
 * `project_members` rows, written through the projects feature's public `members`.
 */
import type { Logger } from 'pino';
import type { Db } from '../../db';
import type { Clock } from '../../lib/clock';
import type { Feature } from '../../lib/feature';
import type { LiveBus } from '../../live/bus';
import type { Accounts } from '../account';
import type { Projects } from '../projects';
import { ExpiryWatcher } from './expiry';
import { sharingRoutes } from './routes';
import { SharingService } from './service';
import { InvitationStore } from './store';

export interface SharingDeps {
  db: Db;
  clock: Clock;
  bus: LiveBus;
  logger: Logger;
  accounts: Pick<Accounts, 'findByKey'>;
  projects: Pick<Projects, 'members' | 'settingsOf'>;
}

export interface SharingFeature extends Feature {
  /** Announces the expiries that have passed now (tests move the clock and sweep instead of waiting). */
  sweep(): Promise<number>;
}

export function createSharingFeature(deps: SharingDeps): SharingFeature {
  const watcher = new ExpiryWatcher(
    deps.projects.members,
    deps.clock,
    deps.bus,
    deps.logger.child({ component: 'sharing' }),
  );
  // A clock moved forward (CLOCK_CONTROL): the expiries it passed are announced now, not at the timer.
  deps.clock.onAdvance?.(() => watcher.changed());
  const service = new SharingService({
    members: deps.projects.members,
    invitations: new InvitationStore(deps.db),
    accounts: deps.accounts,
    projects: deps.projects,
    clock: deps.clock,
    bus: deps.bus,
    expiryChanged: () => watcher.changed(),
  });
  return {
    name: 'sharing',
    routes: (app) => sharingRoutes(app, { service }),
    sweep: () => watcher.sweep(),
    start: () => watcher.start(),
    stop: () => watcher.stop(),
  };
}
