import { switchingEndpoints as S, type VlanGap, withVlanTagged } from '@netloom/domain';
import { useQueryClient } from '@tanstack/react-query';
import { App } from 'antd';
import { useState } from 'react';
import { ApiError, call } from '../../api/client';
import { configKeys } from '../config';
import { switchPortsText } from './carriage';

/** The ports to tag per switch, and per port the VLANs it misses. */
function bySwitch(gaps: readonly VlanGap[]) {
  const out = new Map<number, { name: string; vlans: Map<number, number[]>; labels: Set<string> }>();
  for (const g of gaps) {
    const sw = out.get(g.switchId) ?? {
      name: g.switchName,
      vlans: new Map<number, number[]>(),
      labels: new Set(),
    };
    sw.vlans.set(g.vlanId, [...(sw.vlans.get(g.vlanId) ?? []), g.port]);
    sw.labels.add(g.portLabel);
    out.set(g.switchId, sw);
  }
  return out;
}

/**
 * The one-click fix of the VLAN warning (issue 10 point 4): each switch's port settings are read
 * and saved again through the switching settings API with the missing VLANs tagged on the ports
 * that need them (an access port becomes a trunk and keeps its untagged VLAN). The switches'
 * delivery and the page's warning follow from the saved documents.
 */
export function useTagVlans(projectId: number) {
  const { message, notification } = App.useApp();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const tag = async (gaps: readonly VlanGap[]) => {
    setBusy(true);
    const done: string[] = [];
    try {
      for (const [deviceId, sw] of bySwitch(gaps)) {
        const params = { id: projectId, deviceId };
        const view = await call(S.view, { params });
        let settings = view.settings;
        for (const [vlan, ports] of sw.vlans) settings = withVlanTagged(settings, ports, vlan);
        await call(S.save, { params, body: { baseVersion: view.version, settings } });
        done.push(switchPortsText({ switchName: sw.name, ports: [...sw.labels] }));
      }
      notification.success({
        message: 'VLANs tagged on the uplink ports',
        description: `Saved and sent to ${done.join(', ')}.`,
      });
    } catch (e) {
      if (!(e instanceof ApiError) || !e.shownGlobally)
        message.error(e instanceof Error ? e.message : 'The switch ports could not be saved.');
    } finally {
      setBusy(false);
      await queryClient.invalidateQueries({ queryKey: configKeys.all(projectId) });
    }
  };
  return { tag, busy };
}
