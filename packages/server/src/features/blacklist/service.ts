/**
 * Blocking and unblocking one client: each is a save of the project's `blacklist` document through
 * the configuration engine (its rules: 156 over 100 entries, 500 a MAC twice; versions, history and
 * delivery to every Wi-Fi device). An action is a merge on top of the latest version, so two people
 * blocking at once both win: a 414 (someone saved in between) reads the newer list and applies the
 * one change again.
 */
import {
  type BlacklistSettings,
  type BlacklistView,
  type BlockClientBody,
  blockClientBodySchema,
  defaultBlacklistSettings,
  ERR,
  MAX_BLACKLIST_ENTRIES,
  type SaveConfigResult,
  savedBlacklist,
} from '@netloom/domain';
import type { Clock } from '../../lib/clock';
import { AppError } from '../../lib/errors';
import type { ProjectAccess } from '../../plugins/projectAccess';
import type { ConfigApi } from '../config';

/** Saves lost to another save in between, retried on the newer version. */
const MERGE_ATTEMPTS = 3; // not a rule: how often a merge re-reads after a 414

export class BlacklistService {
  constructor(
    private readonly config: ConfigApi,
    private readonly clock: Clock,
  ) {}

  async view(projectId: number): Promise<BlacklistView> {
    const devices = await this.config.devices(projectId);
    const { meta, saved } = await this.config.view<BlacklistSettings>(
      projectId,
      'blacklist',
      'reach',
      devices,
    );
    return { ...meta, settings: saved ?? defaultBlacklistSettings(), max: MAX_BLACKLIST_ENTRIES };
  }

  save(access: ProjectAccess, baseVersion: number, settings: unknown): Promise<SaveConfigResult> {
    return this.config.save(access, { kind: 'blacklist', deviceId: null, baseVersion, settings });
  }

  block(access: ProjectAccess, body: BlockClientBody): Promise<SaveConfigResult> {
    const { mac, name } = blockClientBodySchema.parse(body);
    return this.merge(access, (s) => {
      if (s.entries.some((e) => e.mac.toUpperCase() === mac)) throw new AppError(ERR.BLACKLIST_ENTRY_EXISTS);
      return { entries: [...s.entries, { mac, name, addedAt: this.clock.now() }] };
    });
  }

  unblock(access: ProjectAccess, mac: string): Promise<SaveConfigResult> {
    return this.merge(access, (s) => {
      const entries = s.entries.filter((e) => e.mac.toUpperCase() !== mac);
      if (entries.length === s.entries.length) throw new AppError(ERR.BLACKLIST_ENTRY_NOT_FOUND);
      return { entries };
    });
  }

  private async merge(
    access: ProjectAccess,
    change: (s: BlacklistSettings) => BlacklistSettings,
  ): Promise<SaveConfigResult> {
    for (let attempt = 1; ; attempt += 1) {
      const [docs, version] = await Promise.all([
        this.config.documents(access.projectId),
        this.config.version(access.projectId, 'blacklist', null),
      ]);
      const settings = change(savedBlacklist(docs) ?? defaultBlacklistSettings());
      try {
        return await this.save(access, version, settings);
      } catch (err) {
        const lost = err instanceof AppError && err.code === ERR.CONFIG_CONFLICT;
        if (!lost || attempt >= MERGE_ATTEMPTS) throw err;
      }
    }
  }
}
