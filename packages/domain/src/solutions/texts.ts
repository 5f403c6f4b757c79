/**
 * The generated prose of a solution (§3 "deployment advice, solution advantage"): written from the
 * sizing's own figures so it says something true about this site; the user may edit both.
 */
import { WALL_MATERIALS } from '../enums/wifi';
import { SOLUTION_TEXT_MAX_LENGTH } from '../limits';
import type { CellCoverage } from './coverage';
import type { SizingLine } from './devices';
import type { SolutionInputs } from './inputs';
import type { ResolvedScenario, ScenarioProfile } from './scenarios';

export function solutionTexts(s: {
  scenario: ResolvedScenario;
  profile: ScenarioProfile;
  inputs: SolutionInputs;
  lines: readonly SizingLine[];
  coverage: CellCoverage & { roomWidthM: number | null };
  poe: { ports: number; watts: number; budgetWatts: number };
}): { advice: string; advantages: string } {
  const { inputs, coverage, poe } = s;
  const wall = WALL_MATERIALS[inputs.wall];
  const aps = s.lines.filter((l) => l.role === 'ap').reduce((n, l) => n + l.quantity, 0);
  const access = s.lines.find((l) => l.role === 'access_switch');
  const core = s.lines.find((l) => l.role === 'core_switch');
  const gateway = s.lines.find((l) => l.role === 'gateway');
  const advice = [
    `Mount the ceiling APs about ${Math.round(coverage.radiusM * Math.sqrt(3))} m apart in a staggered grid, centred in rooms rather than in corridors: with ${wall.label.toLowerCase()} walls (${wall.attenuationDb} dB each) a cell reaches about ${coverage.radiusM.toFixed(1)} m at −67 dBm on 5 GHz.`,
    access
      ? `Place ${access.quantity} ${access.model} PoE switch${access.quantity > 1 ? 'es' : ''} in the floor wiring closets; keep every cable run under 100 m. The powered devices draw about ${poe.watts} W of ${poe.budgetWatts} W available.`
      : '',
    core
      ? `Uplink each access switch to the ${core.model} core over fibre (SFP+) and connect the core to the gateway.`
      : 'Connect the access switch directly to the gateway.',
    gateway
      ? `The ${gateway.model} gateway terminates the ${inputs.bandwidthMbps} Mbit/s internet line and manages the APs from the cloud console; create separate SSIDs and VLANs for staff, guests and devices.`
      : '',
    inputs.cameras > 0
      ? 'Put cameras on their own VLAN and keep recording on the NVRs local; give them only outbound access.'
      : '',
    'After installation, add the devices to a project, draw the floor plan and walls on the Wi-Fi map to check the heat map, then run RF optimisation.',
  ]
    .filter(Boolean)
    .join('\n');
  const advantages = [
    `Sized for ${inputs.users.toLocaleString('en-US')} concurrent users with ${aps} APs: ${s.profile.usage}.`,
    'One cloud console for gateway, switches and APs: zero-touch onboarding, live status, alarms and remote maintenance.',
    'Seamless roaming and automatic channel and power planning keep clients on the best AP.',
    'PoE switches power every AP and camera: no local power sockets needed at the ceiling.',
    'Room to grow: the design keeps the per-solution limits of 999 APs and 99 switches in reserve.',
  ].join('\n');
  return {
    advice: advice.slice(0, SOLUTION_TEXT_MAX_LENGTH),
    advantages: advantages.slice(0, SOLUTION_TEXT_MAX_LENGTH),
  };
}
