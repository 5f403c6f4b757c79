/**
 * The data screen across the caller's projects (issue 12 §4): gathered from the features that keep
 * each figure, through their public interfaces — the project list and places (projects), devices,
 * clients and traffic now and the 24-hour trend (monitoring), unread and recent alarms (alarms).
 * It keeps only each account's settings.
 */
import {
  DATA_SCREEN_MAX_COUNTRIES,
  DATA_SCREEN_RECENT_ALARMS,
  type DataScreenSettings,
  type DataScreenSummary,
  DEFAULT_DATA_SCREEN_SETTINGS,
  dataScreenCountriesIssue,
  dataScreenSettingsSchema,
  ERR,
  errorMessage,
} from '@netloom/domain';
import type { Clock } from '../../lib/clock';
import { AppError, invalidField } from '../../lib/errors';
import type { Alarms } from '../alarms';
import type { Monitoring } from '../monitoring';
import type { Projects } from '../projects';
import type { DataScreenStore } from './store';

export interface DataScreenSources {
  projects: Pick<Projects, 'ofMember'>;
  monitoring: Pick<Monitoring, 'across'>;
  alarms: Pick<Alarms, 'unreadEach' | 'recent'>;
}

export class DataScreenService {
  constructor(
    private readonly store: DataScreenStore,
    private readonly clock: Clock,
    private readonly sources: DataScreenSources,
  ) {}

  async summary(accountId: number): Promise<DataScreenSummary> {
    const projects = await this.sources.projects.ofMember(accountId);
    const ids = projects.map((p) => p.id);
    const [across, unreadEach, recent] = await Promise.all([
      this.sources.monitoring.across(ids),
      // Per project: the map's markers show each project's unread alarms.
      this.sources.alarms.unreadEach(ids),
      this.sources.alarms.recent(ids, DATA_SCREEN_RECENT_ALARMS),
    ]);
    const names = new Map(projects.map((p) => [p.id, p.name]));
    const items = projects.map((p) => {
      const f = across.projects.get(p.id);
      return {
        id: p.id,
        name: p.name,
        place: p.place,
        devices: f?.devices ?? 0,
        onlineDevices: f?.onlineDevices ?? 0,
        clients: f?.clients ?? 0,
        txRate: f?.txRate ?? 0,
        rxRate: f?.rxRate ?? 0,
        alarmsUnread: unreadEach.get(p.id) ?? 0,
      };
    });
    const sum = (pick: (p: (typeof items)[number]) => number) => items.reduce((n, p) => n + pick(p), 0);
    const devices = sum((p) => p.devices);
    const onlineDevices = sum((p) => p.onlineDevices);
    return {
      at: this.clock.now(),
      kpis: {
        projects: items.length,
        devices,
        onlineDevices,
        offlineDevices: devices - onlineDevices,
        clients: sum((p) => p.clients),
        txRate: sum((p) => p.txRate),
        rxRate: sum((p) => p.rxRate),
        alarmsUnread: sum((p) => p.alarmsUnread),
      },
      trend: across.trend,
      projects: items,
      recentAlarms: recent.map((a) => ({
        id: a.id,
        projectId: a.projectId,
        projectName: names.get(a.projectId) ?? '',
        at: a.at,
        severity: a.severity,
        text: a.text,
        deviceName: a.device.name || a.device.sn,
      })),
    };
  }

  async settings(accountId: number): Promise<DataScreenSettings> {
    const row = await this.store.get(accountId);
    if (!row) return DEFAULT_DATA_SCREEN_SETTINGS;
    const parsed = dataScreenSettingsSchema.safeParse({
      range: row.map_range,
      title: row.title,
      countries: JSON.parse(row.countries_json),
    });
    return parsed.success ? parsed.data : DEFAULT_DATA_SCREEN_SETTINGS;
  }

  /** Saves the settings: more than 5 countries is the catalogue's 475, on the field; a repeat or none, 400 with the rule's message. */
  async save(accountId: number, s: DataScreenSettings): Promise<DataScreenSettings> {
    if (s.countries.length > DATA_SCREEN_MAX_COUNTRIES) {
      throw new AppError(ERR.DATA_SCREEN_TOO_MANY_COUNTRIES, 400, [
        { path: 'countries', message: errorMessage(ERR.DATA_SCREEN_TOO_MANY_COUNTRIES) },
      ]);
    }
    const issue = dataScreenCountriesIssue(s.countries);
    if (issue) throw invalidField('countries', issue);
    await this.store.put(accountId, s, this.clock.now());
    return this.settings(accountId);
  }
}
