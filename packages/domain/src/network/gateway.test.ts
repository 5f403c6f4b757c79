import { describe, expect, it } from 'vitest';
import { type KindDevice, NO_DOCUMENTS } from '../config/kind';
import { findModel } from '../models/catalogue';
import { networkGateway, secondRouters, takesNetwork } from './gateway';
import { networkKind } from './kind';
import { defaultNetworkSettings } from './settings';

function device(deviceId: number, modelName: string): KindDevice {
  const model = findModel(modelName) ?? null;
  return {
    deviceId,
    name: modelName,
    type: model?.kind ?? 'unknown',
    model,
    meshRole: null,
    online: true,
    ports: [],
    wan: [],
    uplinkPort: null,
  };
}

describe('the one router of a project', () => {
  const gateway = device(1, 'NL-G500');
  const sw = device(2, 'NL-S108P');
  const router = device(3, 'NL-R200');
  const devices = [gateway, sw, router];

  it('sends the network document to the first routing device only, never to a second one', () => {
    expect(takesNetwork(gateway, devices)).toBe(true);
    expect(takesNetwork(router, devices)).toBe(false);
    expect(networkGateway(devices)).toBe(gateway);
    expect(secondRouters(devices)).toEqual([router]);
    // The kind reaches the gateway (all of it) and the switch (its VLAN list), not the second router.
    const reached = networkKind
      .reach({ devices, target: undefined, docs: NO_DOCUMENTS })
      .map((d) => d.deviceId);
    expect(reached).toEqual([1, 2]);
    const settings = defaultNetworkSettings([1]);
    expect(networkKind.render(settings, { device: router, devices, docs: NO_DOCUMENTS })).toEqual({});
    expect(networkKind.render(settings, { device: gateway, devices, docs: NO_DOCUMENTS })).toEqual({
      network: settings,
    });
  });

  it('lets the remaining router take over once the first is removed', () => {
    const left = [sw, router];
    expect(takesNetwork(router, left)).toBe(true);
    expect(secondRouters(left)).toEqual([]);
  });
});
