import { PAGE_SIZE_LABEL } from '@netloom/domain';
import { describe, expect, it } from 'vitest';
import { keysForEvent } from '../../api/live';
import { PAGINATION_DEFAULTS } from '../../components/pagination';
import { monitoringKeys, monitoringLive } from '../monitoring';
import { projectKeys, projectsLive } from '../projects';
import { alarmExportUrl } from './api';
import { alarmKeys, alarmsLive } from './keys';

describe('alarm views', () => {
  it('an alarms.changed event refreshes the alarm views and both unread KPIs', () => {
    // Each feature registers what the event makes stale in its own cache.
    const features = [alarmsLive, monitoringLive, projectsLive];
    const keys = keysForEvent(
      { type: 'alarms.changed', projectId: 7, reason: 'raised', alarms: 1 },
      features,
    );
    expect(keys).toEqual([alarmKeys.all(7), monitoringKeys.overview(7), projectKeys.overview]);
  });

  it('the export link carries the list filters, not empty ones', () => {
    expect(alarmExportUrl(3, {})).toBe('/api/projects/3/alarms/export.csv');
    expect(alarmExportUrl(3, { read: 0, q: 'loop', severity: undefined })).toBe(
      '/api/projects/3/alarms/export.csv?read=0&q=loop',
    );
  });

  it('paged tables say "N items/page" and "from–to of total"', () => {
    expect(PAGINATION_DEFAULTS.locale.items_per_page).toBe(PAGE_SIZE_LABEL);
    expect(PAGINATION_DEFAULTS.showTotal(135, [21, 40])).toBe('21–40 of 135');
  });
});
