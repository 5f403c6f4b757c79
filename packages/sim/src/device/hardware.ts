/**
 * The slowly changing hardware condition of a virtual device: radio channels and power chosen at
 * boot, CPU and memory drifting with load, NVR disks filling up. Pure data plus a seeded generator;
 * the device turns it into `state` payloads.
 */
import {
  ALARM_DEFAULT_THRESHOLD_PERCENT,
  type DeviceModel,
  type DeviceRadioSettings,
  TX_POWER_MIN,
} from '@netloom/domain';
import type { RadioState } from '@netloom/protocol';
import type { Rng } from '../rng';

const CHANNELS = {
  '2.4G': [1, 6, 11],
  '5G': [36, 44, 52, 100, 149, 157],
  '6G': [37, 53, 69, 85, 101, 117],
} as const;
const WIDTHS = { '2.4G': 20, '5G': 80, '6G': 160 } as const;
const CPU_BASE: Record<string, number> = {
  v7: 9,
  router: 7,
  wrouter: 8,
  mesh: 8,
  ap: 6,
  switch: 4,
  cpe: 5,
  nvr: 18,
  ipc: 22,
};

export interface Disk {
  id: number;
  capacityGb: number;
  usedGb: number;
  status: 'ok' | 'unformatted' | 'formatting' | 'full' | 'failed';
  /** The drive's self-test: most are good, one in ten warns (worn sectors). */
  health: 'good' | 'warning' | 'bad';
}

export type RadioInForce = Omit<RadioState, 'clients'>;

export class Hardware {
  /** The radios on now (a radio switched off by the `radio` settings is absent). */
  radios: RadioInForce[] = [];
  /** What each radio picked at boot (automatic channel and power), kept for `0 = automatic`. */
  private auto: RadioInForce[] = [];
  cpu = 5;
  /** Seconds left of a busy spell (CPU above the alarm threshold), started by a random event. */
  cpuSpikeSec = 0;
  /** Seconds the CPU has been above the alarm threshold without a break. */
  cpuHighSec = 0;
  /** Whether this busy spell already raised its `cpu_high` alarm. */
  cpuAlarmRaised = false;
  memory = 30;
  private memoryBase = 30;
  disks: Disk[] = [];

  constructor(
    private readonly model: DeviceModel,
    private readonly rng: Rng,
    /** Every radio on the first channel of its band (the dense RF scenario). */
    private readonly crowded = false,
  ) {
    const rec = model.recorder;
    if (rec) {
      for (let id = 1; id <= rec.diskBays; id++) {
        if (id > 1 && !rng.chance(0.7)) continue;
        const sizes = [1000, 2000, 4000, 8000].filter((gb) => gb <= rec.maxDiskTb * 1000);
        const capacityGb = rng.pick(sizes.length > 0 ? sizes : [1000]);
        this.disks.push({
          id,
          capacityGb,
          usedGb: Math.round(capacityGb * rng.range(0.1, 0.9)),
          status: 'ok',
          health: rng.chance(0.1) ? 'warning' : 'good',
        });
      }
    }
  }

  /** A fresh boot: radios pick channels (then `settings` apply), memory starts low. */
  boot(settings: DeviceRadioSettings | null = null): void {
    const rng = this.rng;
    this.auto = this.model.radios.map((r) => {
      const channel = rng.pick(CHANNELS[r.band]);
      return {
        band: r.band,
        channel: this.crowded ? CHANNELS[r.band][0] : channel,
        width: WIDTHS[r.band],
        txPower: Math.max(TX_POWER_MIN, r.maxTxPowerDbm - rng.int(0, 3)),
      };
    });
    this.applyRadios(settings);
    this.memoryBase = rng.range(22, 48);
    this.memory = this.memoryBase;
    this.cpu = CPU_BASE[this.model.kind] ?? 5;
  }

  /**
   * Puts radio settings in force over what the radios picked at boot: channel 0 keeps the
   * automatic channel, power 0 the default power, a power above the radio's maximum is capped; a
   * disabled radio goes off. A band without settings keeps its automatic values.
   */
  applyRadios(settings: DeviceRadioSettings | null): void {
    this.radios = [];
    for (const [i, auto] of this.auto.entries()) {
      const s = settings?.radios.find((r) => r.band === auto.band);
      if (s && !s.enabled) continue;
      const max = this.model.radios[i]?.maxTxPowerDbm ?? auto.txPower;
      this.radios.push({
        band: auto.band,
        channel: s && s.channel > 0 ? s.channel : auto.channel,
        width: s ? s.width : auto.width,
        txPower: s && s.txPower > 0 ? Math.max(TX_POWER_MIN, Math.min(max, s.txPower)) : auto.txPower,
      });
    }
  }

  /** The radio on `band` now, if it is on. */
  radio(band: string): RadioInForce | undefined {
    return this.radios.find((r) => r.band === band);
  }

  /** Drift with the current load (0–1): `dtSec` simulated seconds since the last update. */
  update(load: number, dtSec: number, recordBytesPerSec: number): void {
    const rng = this.rng;
    const base = CPU_BASE[this.model.kind] ?? 5;
    if (this.cpuSpikeSec > 0) {
      this.cpuSpikeSec = Math.max(0, this.cpuSpikeSec - dtSec);
      this.cpu = round1(rng.range(ALARM_DEFAULT_THRESHOLD_PERCENT + 1, 99));
    } else {
      // Normal load stays under the alarm threshold: only a busy spell crosses it.
      this.cpu = round1(clamp(base + 30 * load + rng.gauss() * 3, 0.5, ALARM_DEFAULT_THRESHOLD_PERCENT - 1));
    }
    this.cpuHighSec = this.cpu > ALARM_DEFAULT_THRESHOLD_PERCENT ? this.cpuHighSec + dtSec : 0;
    if (this.cpuHighSec === 0) this.cpuAlarmRaised = false;
    this.memoryBase = clamp(this.memoryBase + rng.gauss() * 0.2, 15, 85);
    this.memory = round1(clamp(this.memoryBase + 10 * load + rng.gauss(), 5, 97));
    // NVRs record in a loop: the disk fills, then the oldest footage is overwritten.
    const gb = (recordBytesPerSec * dtSec) / 1e9;
    for (const d of this.disks) {
      if (d.status !== 'ok') continue;
      d.usedGb = Math.min(
        round1(d.capacityGb * 0.98),
        round1(d.usedGb + gb / Math.max(1, this.disks.length)),
      );
    }
  }
}

export function clamp(x: number, lo: number, hi: number): number {
  return Math.max(lo, Math.min(hi, x));
}
export function round1(x: number): number {
  return Math.round(x * 10) / 10;
}
