import { describe, expect, it } from 'vitest';
import { TRACEBACK_ROAM_GAP_MS } from '../limits';
import { markRoams } from './api';

const ap = (id: number) => ({ id, name: `AP ${id}`, sn: `SN${id}`, model: null });
const session = (device: number, startedAt: number, endedAt: number | null) => ({
  device: ap(device),
  connection: 'wireless',
  ssid: 'Office',
  band: '5G',
  rssiStart: -50,
  rssiEnd: -70,
  startedAt,
  endedAt,
});

describe('markRoams', () => {
  it('marks a move to another device within the gap as a roam, oldest first', () => {
    const out = markRoams([session(2, 1_000_000, null), session(1, 0, 999_000)]);
    expect(out.map((s) => s.device.id)).toEqual([1, 2]);
    expect(out[0]?.roamedFrom).toBeNull();
    expect(out[1]?.roamedFrom?.id).toBe(1);
  });

  it('counts an overlap (both devices list it for a moment) as a roam', () => {
    const out = markRoams([session(1, 0, 2_000), session(2, 1_000, null)]);
    expect(out[1]?.roamedFrom?.id).toBe(1);
  });

  it('does not mark a later visit or a return to the same device', () => {
    const out = markRoams([
      session(1, 0, 1_000),
      session(2, 1_000 + TRACEBACK_ROAM_GAP_MS + 1, 5_000_000),
      session(2, 5_000_001, null),
    ]);
    expect(out.map((s) => s.roamedFrom)).toEqual([null, null, null]);
  });
});
