import {
  type CodedIssue,
  defaultNetworkSettings,
  type NetworkConfigView,
  type NetworkSettings,
  networkSettingsIssues,
} from '@netloom/domain';
import { TEST_ACCESS } from '../../testing/access';
import { type NetworkEditor, networkRuleContext } from './useNetworkEditor';

/** The gateway model of the web tests: two WAN ports (1, 2), VLANs 10–4094. */
export const TEST_GATEWAY_MODEL = 'NL-G300';

/** A network view as the server sends it for a project whose gateway is an NL-G300. */
export function testNetworkView(settings?: NetworkSettings): NetworkConfigView {
  return {
    version: 3,
    updatedAt: null,
    updatedBy: null,
    targets: [],
    settings: settings ?? defaultNetworkSettings([1, 2]),
    gateway: {
      deviceId: 1,
      sn: 'NLG3000000001',
      name: 'Gateway',
      model: TEST_GATEWAY_MODEL,
      online: true,
      rules: { vlans: 64, dhcpPools: 16, staticRoutes: 32, portMappings: 32 },
      vlanRange: { min: 10, max: 4094 },
      wanPorts: [
        { id: 1, label: 'WAN1' },
        { id: 2, label: 'WAN2' },
      ],
      liveWan: [],
    },
    secondRouters: [],
    switchPorts: [],
  };
}

/** The rule context `useNetworkEditor` builds from a view (the gateway's model, the saved settings). */
export const testRuleContext = networkRuleContext;

/**
 * A `NetworkEditor` for component tests: the domain's rules exactly as `useNetworkEditor` runs them
 * (`networkSettingsIssues` with the view's context), and a save that records what it was given.
 */
export function testNetworkEditor(view: NetworkConfigView = testNetworkView()) {
  const saved: NetworkSettings[] = [];
  const ctx = testRuleContext(view);
  const editor: NetworkEditor = {
    ...TEST_ACCESS,
    view,
    settings: view.settings,
    issuesOf: (candidate: NetworkSettings): CodedIssue[] => networkSettingsIssues(candidate, ctx),
    save: async (candidate) => {
      saved.push(candidate);
      return { ok: false, kind: 'error', code: null, message: null };
    },
  };
  return { editor, saved, ctx };
}
