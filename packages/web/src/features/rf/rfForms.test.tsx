import { type CodedIssue, defaultRfSettings, type RfSettings, rfSettingsIssues } from '@netloom/domain';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { fieldState, RfSettingsCard } from './RfSettingsCard';
import { RoamingCard } from './RoamingCard';
import { channelOptions, powerOptions, widthOptions } from './radioOptions';
import type { RfDraft } from './useRfDraft';

/** A draft as the hook would hold it, with the domain's issues of `settings`. */
function draftOf(settings: RfSettings): RfDraft {
  const issues = new Map<string, CodedIssue>();
  for (const i of rfSettingsIssues(settings)) if (!issues.has(i.path)) issues.set(i.path, i);
  return {
    draft: settings,
    baseVersion: 1,
    dirty: true,
    newer: false,
    issues,
    saving: false,
    update: () => {},
    discard: () => {},
    reload: () => {},
    save: async () => false,
  };
}

describe('settings card', () => {
  it('shows the schedule with pressed day toggles when automatic optimisation is on', () => {
    const html = renderToStaticMarkup(
      <RfSettingsCard
        draft={draftOf({ ...defaultRfSettings(), auto: true, autoDays: [0, 2] })}
        locked={false}
      />,
    );
    expect(html).toContain('Mon, Wed at 03:00');
    expect(html).toMatch(/aria-pressed="true" aria-label="Monday"/);
    expect(html).toMatch(/aria-pressed="false" aria-label="Tuesday"/);
  });

  // antd renders field help only in the browser, so the field state itself is checked here.
  it('puts the domain rule message under a broken field, helper text under the others', () => {
    const settings = { ...defaultRfSettings(), auto: true, autoDays: [], accessThreshold: -95 };
    const draft = draftOf(settings);
    const issues = rfSettingsIssues(settings);
    expect(issues.map((i) => i.path)).toEqual(expect.arrayContaining(['autoDays', 'accessThreshold']));
    for (const issue of issues) {
      expect(fieldState(draft, issue.path, 'help')).toEqual({ validateStatus: 'error', help: issue.message });
    }
    expect(fieldState(draft, 'autoTime', 'help')).not.toHaveProperty('validateStatus');
  });

  it('explains the roaming figures and flags an out-of-range roam threshold', () => {
    const s = defaultRfSettings();
    const settings = { ...s, roaming: { ...s.roaming, enabled: true, roamThreshold: 40 } };
    const draft = draftOf(settings);
    const html = renderToStaticMarkup(<RoamingCard draft={draft} locked={false} />);
    expect(html).toContain('2.4 GHz roam point');
    expect(html).toContain('Roam threshold');
    expect(html).toContain('Roams to an AP of at least <b>−35 dBm</b>');
    expect(fieldState(draft, 'roaming.roamThreshold', 'help')).toMatchObject({ validateStatus: 'error' });
    const off = renderToStaticMarkup(<RoamingCard draft={draftOf(s)} locked={false} />);
    expect(off).toContain('Off: clients decide when to roam');
  });
});

describe('radio editor choices', () => {
  it('offers Auto and the channels valid at the width, DFS marked', () => {
    const at80 = channelOptions('5G', 80).map((o) => o.label);
    expect(at80[0]).toBe('Auto');
    expect(at80).toContain('52 (DFS)');
    expect(at80).not.toContain('165');
    expect(channelOptions('5G', 20).map((o) => o.value)).toContain(165);
    expect(channelOptions('2.4G', 40).map((o) => o.value)).not.toContain(10);
  });

  it('offers the widths of the radio standard and power up to the model maximum', () => {
    expect(widthOptions('2.4G', 'ax').map((o) => o.value)).toEqual([20, 40]);
    expect(widthOptions('5G', 'ac').map((o) => o.value)).toEqual([20, 40, 80]);
    expect(widthOptions('5G', 'wifi-9').map((o) => o.value)).toEqual([20]);
    const power = powerOptions(20);
    expect(power[0]).toEqual({ value: 0, label: 'Auto' });
    expect(power[1]?.value).toBe(20);
    expect(power.at(-1)?.value).toBe(8);
  });
});
