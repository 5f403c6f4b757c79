import { NET_MODES, type NetMode, SCENARIOS, type Scenario } from '@netloom/domain';

export interface ScenarioCount {
  scenario: Scenario;
  wlan: number;
  mesh: number;
}

/** Projects per scenario and network mode, in the domain's scenario order; empty scenarios left out. */
export function countByScenario(
  projects: readonly { scenario: Scenario; netMode: NetMode }[],
): ScenarioCount[] {
  return SCENARIOS.map((scenario) => {
    const inScenario = projects.filter((p) => p.scenario === scenario);
    return {
      scenario,
      wlan: inScenario.filter((p) => p.netMode === NET_MODES.WLAN).length,
      mesh: inScenario.filter((p) => p.netMode === NET_MODES.MESH).length,
    };
  }).filter((c) => c.wlan + c.mesh > 0);
}
