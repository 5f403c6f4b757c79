import { type RfRadioChange, type RfRun, rfRadioChangeSchema, rfRunSchema } from '@netloom/domain';

export const T0 = 1_800_000_000_000;

/** A radio change of a run, valid by the domain schema. */
export function buildChange(overrides: Partial<RfRadioChange> = {}): RfRadioChange {
  return rfRadioChangeSchema.parse({
    deviceId: 1,
    name: 'AP-Lobby',
    band: '5G',
    channelBefore: 36,
    channelAfter: 52,
    powerBefore: 23,
    powerAfter: 17,
    rssi: -58,
    sameChannelBefore: -71.3,
    sameChannelAfter: -88.9,
    ...overrides,
  });
}

/** A finished run, valid by the domain schema: succeeded, 6 dB less total noise. */
export function buildRun(overrides: Partial<RfRun> = {}): RfRun {
  return rfRunSchema.parse({
    id: 7,
    trigger: 'manual',
    status: 'succeeded',
    stage: 'done',
    percent: 100,
    startedAt: T0,
    finishedAt: T0 + 192_000,
    code: null,
    before: { sameChannelDbm: -68.2, nearChannelDbm: -74.5, totalDbm: -86.1 },
    after: { sameChannelDbm: -81.7, nearChannelDbm: -79.0, totalDbm: -92.3 },
    measuredAfter: { sameChannelDbm: -80.2, nearChannelDbm: -78.4, totalDbm: -91.6 },
    accessThreshold: -85,
    changes: [
      buildChange(),
      buildChange({
        deviceId: 2,
        name: 'AP-Hall',
        band: '2.4G',
        channelBefore: 6,
        channelAfter: 6,
        powerBefore: 20,
        powerAfter: 20,
        rssi: null,
        sameChannelBefore: -80,
        sameChannelAfter: -80,
      }),
    ],
    ...overrides,
  });
}
