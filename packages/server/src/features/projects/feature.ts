import type { ProjectRight } from '@netloom/domain';
import type { Db } from '../../db';
import type { Clock } from '../../lib/clock';
import type { Feature } from '../../lib/feature';
import type { MemberAccess } from '../../plugins/projectAccess';
import type { Alarms } from '../alarms';
import { projectRoutes } from './routes';
import { type ProjectLimits, ProjectService } from './service';
import { ProjectStore } from './store';

/** What the infrastructure asks of projects: who is a member, with which right. */
export interface Projects {
  /** The member's right, the project's network mode and lock (the project access guard). */
  memberAccess(projectId: number, accountId: number): Promise<MemberAccess | undefined>;
  /** The account's right on the project, undefined when not a member (the live channel). */
  rightOf(projectId: number, accountId: number): Promise<ProjectRight | undefined>;
}

export interface ProjectsDeps {
  db: Db;
  clock: Clock;
  limits: ProjectLimits;
  /** Unread alarms across the caller's projects, counted as the alarm list counts them. */
  alarms: Pick<Alarms, 'unread'>;
}

export interface ProjectsFeature extends Feature, Projects {}

/** Projects: list, overview, create, edit, lock, delete — `/api/projects…` (domain `projectEndpoints`). */
export function createProjectsFeature(deps: ProjectsDeps): ProjectsFeature {
  const store = new ProjectStore(deps.db);
  const projects = new ProjectService(store, deps.clock, deps.limits, deps.alarms);
  return {
    name: 'projects',
    routes: (app) => projectRoutes(app, { projects }),
    memberAccess: (projectId, accountId) => store.memberAccess(projectId, accountId),
    rightOf: (projectId, accountId) => store.rightOf(projectId, accountId),
  };
}
