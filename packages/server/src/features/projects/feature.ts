import type { Project, ProjectRight, projectInputSchema } from '@netloom/domain';
import type { z } from 'zod';
import type { Db } from '../../db';
import { type Clock, isoAt } from '../../lib/clock';
import type { Feature } from '../../lib/feature';
import type { MemberAccess } from '../../plugins/projectAccess';
import type { Devices } from '../devices';
import { MemberStore } from './members';
import { projectRoutes } from './routes';
import { type ProjectLimits, ProjectService } from './service';
import { type FixedProject, type ProjectSettings, ProjectStore } from './store';

/**
 * What the infrastructure and other features ask of projects: who is a member, with which right;
 * a project's settings; a member's projects; the live demo's fixed projects. The `projects`,
 * `project_members` and `project_creations` rows are written only here.
 */
export interface Projects {
  /** The member's right, the project's network mode and lock (the project access guard). */
  memberAccess(projectId: number, accountId: number): Promise<MemberAccess | undefined>;
  /** The account's right on the project, undefined when not a member or expired (the live channel). */
  rightOf(projectId: number, accountId: number): Promise<ProjectRight | undefined>;
  /**
   * Shares: the non-owner memberships (the sharing feature's rules decide; this feature's table
   * holds them — docs/architecture.md "Server features", sharing).
   */
  members: MemberStore;
  /**
   * Time zone, network mode and lock of each of these projects, in one query (absent: no such
   * project) — e.g. the RF schedule's scan of every project with saved settings.
   */
  settingsOf(projectIds: readonly number[]): Promise<Map<number, ProjectSettings>>;
  /**
   * The ISO country of each of these projects' place on the map (null: none picked; absent: no such
   * project) — where a device was activated.
   */
  countriesOf(projectIds: readonly number[]): Promise<Map<number, string | null>>;
  /** Every project's time zone, by id (a job visiting each project's local day). */
  zones(): Promise<Map<number, string>>;
  /** The account's projects as its project list shows them (latest change first). */
  ofMember(accountId: number): Promise<Project[]>;
  /**
   * Makes sure a system project with this fixed id exists, owned by `ownerId` and with the owner
   * as member (on every node and every start alike). False when the id is another owner's project:
   * it is never taken over.
   */
  ensureProject(project: FixedProject): Promise<boolean>;
  /**
   * Called after a project's time zone changed (committed), with its id: the configuration engine
   * re-renders its devices' clocks. Returns the unsubscribe function.
   */
  onTimeZoneChanged(listener: (projectId: number) => void): () => void;
  /**
   * Creates a project the account owns with this §3 type_flag (an experience project), within the
   * same limits as the project form (140, 1160).
   */
  createOwned(ownerId: number, input: OwnedProjectInput, typeFlag: number): Promise<Project>;
  /** Deletes the project (members and devices go with it), as its owner's delete does. */
  deleteProject(projectId: number): Promise<void>;
  /** How many projects the account owns (PROJECT_LIMIT's count). */
  countOwned(accountId: number): Promise<number>;
  /** The ids of the projects the account owns. */
  ownedIds(accountId: number): Promise<number[]>;
  /**
   * Makes `toId` the project's owner (transfer of ownership); the old owner keeps a manage share
   * when `keepManage`, else leaves. False when `fromId` no longer owns the project.
   */
  transferOwnership(projectId: number, fromId: number, toId: number, keepManage: boolean): Promise<boolean>;
}

/** The fields of a project created for an account by another feature. */
export type OwnedProjectInput = z.output<typeof projectInputSchema>;

export interface ProjectsDeps {
  db: Db;
  clock: Clock;
  limits: ProjectLimits;
  /** Each project's device and online counts; no network-mode change while it has devices. */
  devices: Pick<Devices, 'countsByProject'>;
}

export interface ProjectsFeature extends Feature, Projects {}

/** Projects: list, create, edit, lock, delete — `/api/projects…` (domain `projectEndpoints`). */
export function createProjectsFeature(deps: ProjectsDeps): ProjectsFeature {
  const store = new ProjectStore(deps.db);
  const zoneListeners = new Set<(projectId: number) => void>();
  const projects = new ProjectService(store, deps.clock, deps.limits, deps.devices, (projectId) => {
    for (const listener of zoneListeners) listener(projectId);
  });
  return {
    name: 'projects',
    routes: (app) => projectRoutes(app, { projects }),
    memberAccess: (projectId, accountId) => store.memberAccess(projectId, accountId, isoAt(deps.clock.now())),
    rightOf: (projectId, accountId) => store.rightOf(projectId, accountId, isoAt(deps.clock.now())),
    members: new MemberStore(deps.db),
    settingsOf: (projectIds) => store.settingsOf(projectIds),
    countriesOf: (projectIds) => store.countriesOf(projectIds),
    zones: () => store.zones(),
    ofMember: async (accountId) => (await projects.list(accountId)).items,
    ensureProject: (project) => store.ensureProject(project, isoAt(deps.clock.now())),
    createOwned: (ownerId, input, typeFlag) => projects.create(ownerId, input, typeFlag),
    deleteProject: (projectId) => store.delete(projectId),
    countOwned: (accountId) => store.countOwned(accountId),
    ownedIds: (accountId) => store.ownedIds(accountId),
    transferOwnership: (projectId, fromId, toId, keepManage) =>
      store.transferOwnership(projectId, fromId, toId, keepManage, isoAt(deps.clock.now())),
    onTimeZoneChanged: (listener) => {
      zoneListeners.add(listener);
      return () => zoneListeners.delete(listener);
    },
  };
}
