import { PORT_TYPES, type PortProfile } from '@netloom/domain';
import { describe, expect, it } from 'vitest';
import { applyProfileToPorts, detachIfGoverned, poeSkippedText } from './portProfiles';
import { buildSwitchView } from './testView';

const AP: PortProfile = {
  id: 'ap',
  name: 'AP uplink',
  enabled: true,
  type: PORT_TYPES.TRUNK,
  untagged: 1,
  tagged: 'all',
  poe: true,
  loopGuard: false,
};

describe('port profiles in the port page draft', () => {
  const view = buildSwitchView();

  it('applies a profile to the selected ports: all VLANs of the project, PoE skipped on the SFP port', () => {
    const sfp = view.ports.find((p) => p.poe !== 'out');
    const ids = [1, sfp?.id ?? 0];
    const { settings, poeSkipped } = applyProfileToPorts(view.settings, ids, AP, view);
    expect(settings.ports.find((p) => p.id === 1)).toMatchObject({
      profile: 'ap',
      type: 1,
      tagged: [20, 30],
      poe: true,
    });
    expect(settings.ports.find((p) => p.id === sfp?.id)).toMatchObject({ profile: 'ap', poe: false });
    expect(poeSkipped).toEqual([sfp?.label]);
    expect(poeSkippedText(poeSkipped)).toBe(`PoE is skipped on port ${sfp?.label}: it cannot supply power.`);
    expect(settings.ports.find((p) => p.id === 2)?.profile).toBeUndefined();
  });

  it('detaches on an edit of a field the profile sets, not on a remark', () => {
    const { settings } = applyProfileToPorts(view.settings, [1, 2], AP, view);
    expect(detachIfGoverned(settings, [1], { remark: 'Lobby' }).ports[0]?.profile).toBe('ap');
    const edited = detachIfGoverned(settings, [1], { untagged: 20 });
    expect(edited.ports[0]?.profile).toBeUndefined();
    expect(edited.ports[1]?.profile).toBe('ap');
    // Detaching through "None" keeps what the port runs.
    const none = applyProfileToPorts(settings, [2], null, view).settings.ports[1];
    expect(none).toMatchObject({ type: 1, tagged: [20, 30] });
    expect(none?.profile).toBeUndefined();
  });
});
