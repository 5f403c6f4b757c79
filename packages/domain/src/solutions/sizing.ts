/**
 * The sizing engine (issue 15 §1): from a site's inputs and its scenario's profile, the devices a
 * solution needs and why each number is what it is. Pure: the server generates with it and the
 * console could preview with it; the same inputs always give the same list.
 *
 * - APs: the larger of coverage (floor area ÷ the area one AP covers through the site's walls,
 *   `coverage.ts`, the heat map's model) and capacity (users ÷ clients per radio × radios per AP);
 *   outdoor areas get outdoor APs by open-space coverage.
 * - Access switches: PoE ports and PoE power of the APs and cameras actually chosen, one wiring
 *   closet per floor at least; the PoE model that needs the fewest units.
 * - Core switches: only when there are two or more access switches: their uplinks, the NVRs' and
 *   the gateway's on as few cores as fit.
 * - Gateway: the smallest whose WAN carries the internet bandwidth and that manages the APs.
 * - §5 limits: over 999 APs or 99 access/core switches the inputs are refused (528).
 */
import { WALL_MATERIALS } from '../enums/wifi';
import { ERR, type ErrorCode } from '../errors/catalogue';
import {
  SOLUTION_MAX_ACCESS_SWITCHES,
  SOLUTION_MAX_APS,
  SOLUTION_MAX_CORE_SWITCHES,
  SOLUTION_REMARK_MAX_LENGTH,
} from '../limits';
import { findModel, poePorts } from '../models/catalogue';
import type { DeviceModel } from '../models/types';
import { type CellCoverage, cellCoverage, MAX_INDOOR_RADIUS_M, MAX_OUTDOOR_RADIUS_M } from './coverage';
import type { SizingLine, SolutionDevice, SolutionRole } from './devices';
import type { SolutionInputs } from './inputs';
import { GATEWAY_MANAGED_APS, poeDrawWatts } from './power';
import { type ResolvedScenario, SCENARIO_PROFILES } from './scenarios';
import { solutionTexts } from './texts';

export const OUTDOOR_AP_MODEL = 'NL-A1800O';
export const NVR_MODEL = 'NL-N16';
/** PoE access switches, smallest first; cores (10G uplinks), smallest first; gateways, smallest first. */
export const ACCESS_SWITCH_MODELS = ['NL-S108P', 'NL-S116P', 'NL-S124P', 'NL-S148P'] as const;
export const CORE_SWITCH_MODELS = ['NL-S124', 'NL-S148'] as const;
export const GATEWAY_MODELS = ['NL-G300', 'NL-G500', 'NL-G1000'] as const;

export interface SolutionSizing {
  scenarioName: string;
  lines: SizingLine[];
  /** The lines as an editable device list (reason as remarks), in the network's order. */
  devices: SolutionDevice[];
  coverage: CellCoverage & { roomWidthM: number | null };
  poe: { ports: number; watts: number; budgetWatts: number };
  advice: string;
  advantages: string;
}

export type SizingOutcome =
  | { ok: true; sizing: SolutionSizing }
  | { ok: false; code: ErrorCode; message: string };

const n = (v: number) => v.toLocaleString('en-US');

function model(id: string): DeviceModel {
  const m = findModel(id);
  if (!m) throw new Error(`sizing: ${id} is not in the catalogue`);
  return m;
}

function wanMbps(m: DeviceModel): number {
  return Math.max(0, ...m.ports.filter((p) => p.role !== 'lan').map((p) => p.maxSpeedMbps));
}

/** Sizes a site; refuses (528) when it needs more than one solution may hold (§5). */
export function sizeSolution(inputs: SolutionInputs, scenario: ResolvedScenario): SizingOutcome {
  const profile = SCENARIO_PROFILES[scenario.base];
  const lines: SizingLine[] = [];
  const wallDb = WALL_MATERIALS[inputs.wall].attenuationDb;
  const wallLabel = WALL_MATERIALS[inputs.wall].label.toLowerCase();

  // ── APs: coverage vs capacity ──
  const roomsPerFloor = inputs.rooms / inputs.floors;
  const roomWidthM = roomsPerFloor >= 1 ? Math.sqrt(inputs.floorAreaM2 / roomsPerFloor) : null;
  const cell = cellCoverage({ roomWidthM, wall: inputs.wall, maxRadiusM: MAX_INDOOR_RADIUS_M });
  // A plan drawn on the floor plan counted the real walls: its count is the coverage figure.
  const plan = inputs.floorPlan;
  const byCoverage = plan ? plan.aps : Math.ceil(inputs.floorAreaM2 / cell.areaPerApM2) * inputs.floors;
  const ap = model(plan?.apModel ?? profile.apModel);
  const radios = ap.radios.length;
  const perAp = Math.min(profile.clientsPerRadio * radios, ap.maxClients);
  const byCapacity = Math.ceil(inputs.users / perAp);
  const aps = Math.max(byCoverage, byCapacity);
  const apReason =
    byCapacity > byCoverage
      ? `capacity: ${n(inputs.users)} users at ${profile.clientsPerRadio} per radio, ${radios} radios per AP (coverage needs ${n(byCoverage)})`
      : plan
        ? `floor plan: ${plan.plan}`
        : `coverage: ${n(inputs.floors)} × ${n(inputs.floorAreaM2)} m², ${cell.radiusM.toFixed(1)} m cells through ${wallLabel} (${wallDb} dB) ≈ ${Math.round(cell.areaPerApM2)} m² each`;
  lines.push({ role: 'ap', model: ap.model, quantity: aps, reason: apReason });

  let outdoor = 0;
  if (inputs.outdoorAreaM2 > 0) {
    const open = cellCoverage({ roomWidthM: null, wall: inputs.wall, maxRadiusM: MAX_OUTDOOR_RADIUS_M });
    outdoor = Math.ceil(inputs.outdoorAreaM2 / open.areaPerApM2);
    const reason = `outdoor coverage: ${n(inputs.outdoorAreaM2)} m² in open space, ${open.radiusM.toFixed(0)} m cells ≈ ${n(Math.round(open.areaPerApM2))} m² each`;
    // A list holds a model once (55): a plan of outdoor APs indoors shares their line.
    const same = lines.find((l) => l.role === 'ap' && l.model === OUTDOOR_AP_MODEL);
    if (same) {
      same.quantity += outdoor;
      same.reason = `${same.reason}; ${n(outdoor)} more for ${reason}`;
    } else lines.push({ role: 'ap', model: OUTDOOR_AP_MODEL, quantity: outdoor, reason });
  }
  if (aps + outdoor > SOLUTION_MAX_APS)
    return tooLarge(
      `These requirements need ${n(aps + outdoor)} APs; a solution holds at most ${SOLUTION_MAX_APS}.`,
    );

  if (inputs.cameras > 0)
    lines.push({
      role: 'camera',
      model: profile.cameraModel,
      quantity: inputs.cameras,
      reason: `as requested: ${n(inputs.cameras)} cameras, PoE-powered`,
    });

  // ── Access switches: PoE ports and power of what was chosen ──
  const powered = [
    { model: ap.model, count: aps },
    { model: OUTDOOR_AP_MODEL, count: outdoor },
    { model: profile.cameraModel, count: inputs.cameras },
  ];
  const ports = powered.reduce((s, p) => s + p.count, 0);
  const watts = powered.reduce((s, p) => s + p.count * poeDrawWatts(p.model), 0);
  let access = 0;
  let accessModel: DeviceModel | null = null;
  if (ports > 0) {
    const floorPorts = Math.ceil(ports / inputs.floors);
    const floorWatts = watts / inputs.floors;
    for (const id of ACCESS_SWITCH_MODELS) {
      const m = model(id);
      const perFloorUnits = Math.max(
        Math.ceil(floorPorts / poePorts(m).length),
        Math.ceil(floorWatts / m.poeBudgetWatts),
      );
      const units = perFloorUnits * inputs.floors;
      if (accessModel === null || units < access) {
        access = units;
        accessModel = m;
      }
    }
  }
  if (access > SOLUTION_MAX_ACCESS_SWITCHES)
    return tooLarge(
      `These requirements need ${n(access)} access switches; a solution holds at most ${SOLUTION_MAX_ACCESS_SWITCHES}.`,
    );
  if (accessModel)
    lines.push({
      role: 'access_switch',
      model: accessModel.model,
      quantity: access,
      reason: `PoE: ${n(ports)} ports, ${n(Math.round(watts))} W over ${n(inputs.floors)} floor${inputs.floors > 1 ? 's' : ''}; ${poePorts(accessModel).length} ports, ${accessModel.poeBudgetWatts} W each`,
    });

  // ── NVRs, core switches ──
  const nvrModel = model(NVR_MODEL);
  const channels = nvrModel.recorder?.channels ?? 1;
  const nvrs = inputs.cameras > 0 ? Math.ceil(inputs.cameras / channels) : 0;
  if (nvrs > 0)
    lines.push({
      role: 'nvr',
      model: nvrModel.model,
      quantity: nvrs,
      reason: `recording: ${n(inputs.cameras)} cameras at ${channels} channels per NVR`,
    });
  if (access >= 2) {
    const uplinks = access + nvrs + 1;
    let core = 0;
    let coreModel: DeviceModel | null = null;
    for (const id of CORE_SWITCH_MODELS) {
      const m = model(id);
      const units = Math.ceil(uplinks / m.ports.length);
      if (coreModel === null || units < core) {
        core = units;
        coreModel = m;
      }
    }
    if (core > SOLUTION_MAX_CORE_SWITCHES)
      return tooLarge(
        `These requirements need ${n(core)} core switches; a solution holds at most ${SOLUTION_MAX_CORE_SWITCHES}.`,
      );
    if (coreModel)
      lines.push({
        role: 'core_switch',
        model: coreModel.model,
        quantity: core,
        reason: `aggregation: ${n(access)} access-switch uplinks${nvrs ? ` + ${nvrs} NVR${nvrs > 1 ? 's' : ''}` : ''} + gateway on ${coreModel.ports.length}-port cores`,
      });
  }

  // ── Gateway: throughput and managed APs ──
  const totalAps = aps + outdoor;
  const gateways = GATEWAY_MODELS.map(model);
  const fit = gateways.find(
    (g) => wanMbps(g) >= inputs.bandwidthMbps && (GATEWAY_MANAGED_APS[g.model] ?? 0) >= totalAps,
  );
  const gateway = fit ?? (gateways.at(-1) as DeviceModel);
  lines.push({
    role: 'gateway',
    model: gateway.model,
    quantity: 1,
    reason: fit
      ? `throughput: ${n(inputs.bandwidthMbps)} Mbit/s on a ${n(wanMbps(gateway))} Mbit/s WAN; manages ${n(totalAps)} of up to ${n(GATEWAY_MANAGED_APS[gateway.model] ?? 0)} APs`
      : `largest gateway: ${n(inputs.bandwidthMbps)} Mbit/s needs link aggregation or a second line`,
  });

  const order: SolutionRole[] = ['gateway', 'ac', 'core_switch', 'access_switch', 'ap', 'camera', 'nvr'];
  lines.sort((a, b) => order.indexOf(a.role) - order.indexOf(b.role));
  const coverage = { ...cell, roomWidthM };
  const poe = { ports, watts: Math.round(watts), budgetWatts: access * (accessModel?.poeBudgetWatts ?? 0) };
  const texts = solutionTexts({ scenario, profile, inputs, lines, coverage, poe });
  return {
    ok: true,
    sizing: {
      scenarioName: scenario.name,
      lines,
      devices: lines.map((l) => ({
        role: l.role,
        model: l.model,
        quantity: l.quantity,
        remarks: reasonRemark(l),
      })),
      coverage,
      poe,
      ...texts,
    },
  };
}

/** "12 APs: capacity, …": the line as one sentence, cut to fit a remark. */
export function reasonRemark(line: SizingLine): string {
  const s = line.reason.charAt(0).toUpperCase() + line.reason.slice(1);
  return s.length > SOLUTION_REMARK_MAX_LENGTH ? `${s.slice(0, SOLUTION_REMARK_MAX_LENGTH - 1)}…` : s;
}

function tooLarge(message: string): SizingOutcome {
  return { ok: false, code: ERR.SOLUTION_TOO_LARGE, message };
}
