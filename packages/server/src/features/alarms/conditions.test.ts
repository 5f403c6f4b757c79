import { DEVICE_STATUS } from '@netloom/domain';
import { describe, expect, it } from 'vitest';
import { AlarmConditions } from './conditions';
import type { AlarmStore } from './store';

/**
 * A device back online has its `device_offline` alarm cleared in a batch a moment later; if it goes
 * offline again before that batch is done (a flap, or a loaded machine), the new outage's alarm must
 * not be cleared by the old return: the clear ends before the new alarm is written.
 */
describe('device_offline across a flap', () => {
  function rig() {
    const order: string[] = [];
    let release = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const store = {
      async clearOf(deviceIds: readonly number[]) {
        order.push(`clear ${deviceIds.join(',')}`);
        await gate;
        order.push('clear done');
        return [];
      },
    } as unknown as AlarmStore; // only clearOf is reached on this path
    const writer = {
      addEvents(rows: readonly { device_id: number; code: string }[]) {
        for (const r of rows) order.push(`raise ${r.code} ${r.device_id}`);
      },
    };
    const conditions = new AlarmConditions(store, writer as never, { error: () => {} }, () => {});
    const change = (status: number, previous: number) => ({
      deviceId: 7,
      projectId: 1,
      sn: 'SN7',
      type: 'ap',
      status,
      previous,
      at: 1_000,
    });
    return { order, release, conditions, change };
  }

  it('a return whose clear is pending: the clear runs and ends before the new alarm is raised', async () => {
    const { order, release, conditions, change } = rig();
    conditions.onStatus(change(DEVICE_STATUS.ONLINE, DEVICE_STATUS.OFFLINE));
    conditions.onStatus(change(DEVICE_STATUS.OFFLINE, DEVICE_STATUS.ONLINE));
    // The clear is under way (held by the gate): the new alarm waits for it.
    await new Promise<void>((resolve) => setImmediate(resolve));
    expect(order).toEqual(['clear 7']);
    release();
    await conditions.stop();
    expect(order).toEqual(['clear 7', 'clear done', 'raise device_offline 7']);
  });

  it('an outage with no return pending raises its alarm at once', async () => {
    const { order, conditions, change } = rig();
    conditions.onStatus(change(DEVICE_STATUS.OFFLINE, DEVICE_STATUS.ONLINE));
    expect(order).toEqual(['raise device_offline 7']);
    await conditions.stop();
  });
});
