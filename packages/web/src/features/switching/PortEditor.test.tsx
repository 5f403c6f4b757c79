import {
  ERR,
  findModel,
  PORT_TYPES,
  type SwitchConfigView,
  type SwitchSettings,
  switchSettingsIssues,
} from '@netloom/domain';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { DeviceSwitchSettings } from './DeviceSwitchSettings';
import { PortEditor } from './PortEditor';
import { deviceMessages, patchPorts, ruleContext, selectionMessages, settingsIssues } from './portEdits';
import { buildSwitchView, livePort } from './testView';

const noop = () => undefined;

/** Renders the editor for `ids` with the domain rules' messages, as the page does. */
function renderEditor(view: SwitchConfigView, settings: SwitchSettings, ids: number[]) {
  const model = findModel(view.device.model);
  if (!model) throw new Error('model missing');
  const issues = switchSettingsIssues(settings, ruleContext(view, model));
  const html = renderToStaticMarkup(
    <PortEditor
      settings={settings}
      ids={ids}
      specs={view.ports}
      projectVlans={view.projectVlans}
      messages={selectionMessages(issues, settings, ids)}
      disabled={false}
      onChange={noop}
    />,
  );
  return { html, issues };
}

/** The text of the inline message under a field (`data-testid="issue-<id>"`). */
function issueText(html: string, id: string): string | null {
  const m = new RegExp(`data-testid="issue-${id}">([^<]*)<`).exec(html);
  return m ? (m[1] ?? '').replaceAll('&#x27;', "'") : null;
}

describe('PortEditor inline messages', () => {
  const view = buildSwitchView('NL-S108P', { live: [livePort(3)] });

  it('asks for DHCP snooping under the trust-port switch (164)', () => {
    const settings = patchPorts(view.settings, [2], { dhcpTrust: true });
    const { html, issues } = renderEditor(view, settings, [2]);
    expect(issues.find((i) => i.path === 'ports.1.dhcpTrust')?.code).toBe(ERR.DHCP_SNOOPING_REQUIRED);
    expect(issueText(html, 'port-dhcp-trust')).toBe(issues.find((i) => i.code === 164)?.message);
    expect(issueText(html, 'port-eee')).toBeNull();
  });

  it('refuses EEE on a port in use under the EEE switch (416)', () => {
    const settings = patchPorts(view.settings, [3], { eee: true });
    const { html, issues } = renderEditor(view, settings, [3]);
    const eee = issues.find((i) => i.code === ERR.EEE_PORT_IN_USE);
    expect(eee?.path).toBe('ports.2.eee');
    expect(issueText(html, 'port-eee')).toBe(eee?.message);
  });

  it('does not show another port’s problem on the selected port', () => {
    const settings = patchPorts(view.settings, [3], { eee: true });
    const { html } = renderEditor(view, settings, [4]);
    expect(issueText(html, 'port-eee')).toBeNull();
  });

  it('names the port when several are selected', () => {
    const settings = patchPorts(view.settings, [3], { eee: true });
    const { html } = renderEditor(view, settings, [3, 4]);
    expect(issueText(html, 'port-eee')).toMatch(/^Port 3: /);
  });

  it('flags tagged VLANs on an access port and the untagged VLAN tagged again', () => {
    const access = patchPorts(view.settings, [5], { tagged: [20] });
    expect(issueText(renderEditor(view, access, [5]).html, 'port-tagged')).toBeTruthy();
    const trunk = patchPorts(view.settings, [5], { type: PORT_TYPES.TRUNK, untagged: 20, tagged: [20] });
    const { html, issues } = renderEditor(view, trunk, [5]);
    expect(
      issues.some((i) => i.path === 'ports.4.tagged' && i.code === ERR.VLAN_TAGGED_EQUALS_UNTAGGED),
    ).toBe(true);
    expect(issueText(html, 'port-tagged')).toContain('VLAN 20');
  });

  it('shows no message for valid settings', () => {
    const { html, issues } = renderEditor(view, view.settings, [1, 2, 3]);
    expect(issues).toEqual([]);
    expect(html).not.toContain('data-testid="issue-');
  });
});

describe('PortEditor fields', () => {
  const view = buildSwitchView('NL-S108P');

  it('labels the fields and offers PoE on PoE ports only', () => {
    const poe = renderEditor(view, view.settings, [1]).html;
    expect(poe).toContain('Port 1');
    for (const label of [
      'Speed',
      'Duplex',
      'Port type',
      'Untagged VLAN',
      'Tagged VLANs',
      'Power limit',
      'Port remark',
    ]) {
      expect(poe).toContain(`>${label}</label>`);
    }
    expect(poe).toContain('aria-label="PoE"');
    const sfp = renderEditor(view, view.settings, [9]).html;
    expect(sfp).not.toContain('Power limit');
    expect(sfp).toContain('No PoE on the selected port.');
  });

  it('shows “Mixed” where the selected ports differ', () => {
    const settings = patchPorts(view.settings, [2], { remark: 'Reception AP' });
    const { html } = renderEditor(view, settings, [1, 2]);
    expect(html).toContain('Ports 1, 2');
    expect(html).toMatch(/placeholder="Mixed"/);
  });

  it('asks to select a port when none is selected', () => {
    expect(renderEditor(view, view.settings, []).html).toContain('Select one or more ports');
  });
});

describe('issue mapping', () => {
  const view = buildSwitchView('NL-S108P');

  it('puts server issues of a refused save on the fields of the right port', () => {
    const server = settingsIssues([{ path: 'settings.ports.3.tagged', message: 'VLAN 99 does not exist.' }]);
    const m = selectionMessages(server, view.settings, [4]);
    expect(m.get('tagged')?.message).toBe('VLAN 99 does not exist.');
    expect(selectionMessages(server, view.settings, [3]).size).toBe(0);
  });

  it('shows device-wide messages under DHCP snooping and LED', () => {
    const messages = deviceMessages([{ path: 'dhcpSnooping', message: 'Snooping needs a trust port.' }]);
    const html = renderToStaticMarkup(
      <DeviceSwitchSettings settings={view.settings} messages={messages} disabled={false} onChange={noop} />,
    );
    expect(issueText(html, 'switch-dhcp-snooping')).toBe('Snooping needs a trust port.');
    expect(html).toContain('Port LEDs');
  });
});
