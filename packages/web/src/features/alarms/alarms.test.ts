import { PAGE_SIZE_LABEL } from '@netloom/domain';
import { describe, expect, it } from 'vitest';
import { keysForEvent } from '../../api/live';
import { queryKeys } from '../../api/queryKeys';
import { PAGINATION_DEFAULTS } from '../../components/pagination';
import { alarmExportUrl } from './api';

describe('alarm views', () => {
  it('an alarms.changed event refreshes the alarm views and both unread KPIs', () => {
    const keys = keysForEvent({ type: 'alarms.changed', projectId: 7, reason: 'raised', alarms: 1 });
    expect(keys).toEqual([queryKeys.alarms(7), queryKeys.overview(7), queryKeys.projectsOverview]);
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
