/**
 * The network dialogs show the domain's coded message on the field before anything is submitted.
 *
 * Without a DOM an antd Modal renders nothing (it is a portal) and a field's error only shows after
 * a browser event runs its validator, so this file (1) renders each dialog's body inline, (2) keeps
 * the dialog's own form and the rules each `Form.Item` was given, then (3) types values into that
 * form and runs the field's rules as antd does on change. The rules are the dialog's own
 * (`useItemValidation` over `NetworkEditor.issuesOf`), so a message here is the message under the
 * field in the browser; `editor.save` is never called.
 */
import {
  type CodedIssue,
  ERR,
  type NetworkSettings,
  networkSettingsIssues,
  type VlanSettings,
} from '@netloom/domain';
import type { FormInstance, FormRule } from 'antd';
import { Form } from 'antd';
import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it, vi } from 'vitest';
import { FieldValidation } from '../../components/form';
import { DhcpPoolModal } from './DhcpPoolModal';
import { fromInternetForm, type InternetForm, internetFields, toInternetForm } from './internetForm';
import { useItemValidation } from './itemValidation';
import { PortMappingModal } from './PortMappingModal';
import { StaticRouteModal } from './StaticRouteModal';
import { testNetworkEditor, testNetworkView } from './testEditor';
import { VlanModal } from './VlanModal';
import { WanPortCard } from './WanPortCard';

type NamePath = string | number | (string | number)[];

/** What the dialogs hand to antd while they render: their form and each field's rules. */
const seen = vi.hoisted(() => ({
  forms: [] as unknown[],
  rules: new Map<string, unknown[]>(),
}));

vi.mock('antd', async (importOriginal) => {
  const antd = await importOriginal<typeof import('antd')>();
  const React = await import('react');
  const key = (name: NamePath) => (Array.isArray(name) ? name.join('.') : String(name));
  type ItemProps = Parameters<typeof antd.Form.Item>[0];
  function Item(props: ItemProps) {
    if (props.name !== undefined && props.rules) seen.rules.set(key(props.name as NamePath), props.rules);
    return React.createElement(antd.Form.Item, props);
  }
  function useForm<V>(form?: FormInstance<V>) {
    const made = antd.Form.useForm<V>(form);
    seen.forms.push(made[0]);
    return made;
  }
  /** The store's value now (a render without a DOM never runs the effect that updates a watch). */
  function useWatch(name: NamePath, opts?: FormInstance | { form?: FormInstance }) {
    const form = opts && 'getFieldValue' in opts ? opts : opts?.form;
    if (!form) return undefined;
    if (Array.isArray(name) && name.length === 0) {
      const all = form.getFieldsValue(true) as Record<string, unknown>;
      return Object.keys(all).length > 0 ? all : undefined;
    }
    return form.getFieldValue(name);
  }
  const FormWithSpies = Object.assign(
    (props: Parameters<typeof antd.Form>[0]) => React.createElement(antd.Form, props),
    antd.Form,
    { Item, useForm, useWatch },
  );
  /** A Modal's body in place (title, content, footer), since a portal needs a DOM. */
  function Modal(props: {
    title?: ReactNode;
    children?: ReactNode;
    footer?: ReactNode;
    'data-testid'?: string;
  }) {
    return React.createElement(
      'section',
      { 'data-testid': props['data-testid'] },
      React.createElement('h2', null, props.title),
      props.children,
      React.createElement('footer', null, props.footer),
    );
  }
  return { ...antd, Form: FormWithSpies, Modal };
});

const noop = () => undefined;

/** Renders a dialog; returns its markup, its form and a way to run one field's rules. */
function open(element: ReactNode) {
  seen.forms.length = 0;
  seen.rules.clear();
  const html = renderToStaticMarkup(element);
  const form = seen.forms[0] as FormInstance;
  /** The message under `field` once antd has run its rules on the current values, or null. */
  async function messageOn(field: string): Promise<string | null> {
    const rules = seen.rules.get(field) as FormRule[] | undefined;
    if (!rules) throw new Error(`no field ${field} with rules in the dialog`);
    for (const r of rules) {
      const rule = typeof r === 'function' ? r(form) : r;
      try {
        await rule.validator?.(rule, form.getFieldValue(field.split('.')), noop);
      } catch (e) {
        return (e as Error).message;
      }
    }
    return null;
  }
  return { html, form, messageOn };
}

/** The domain's issue at `path` of a document, to compare codes and messages with. */
function issueAt(issues: readonly CodedIssue[], path: string): CodedIssue | undefined {
  return issues.find((i) => i.path === path);
}

const vlan = (over: Partial<VlanSettings>): VlanSettings => ({
  id: 20,
  name: 'office',
  ip: '192.168.20.1',
  mask: '255.255.255.0',
  dhcp: false,
  ...over,
});

function withSettings(patch: Partial<NetworkSettings>) {
  const view = testNetworkView();
  return testNetworkEditor(testNetworkView({ ...view.settings, ...patch }));
}

describe('VLAN dialog', () => {
  it('shows 1102 under the VLAN ID and the name-in-use message under the name', async () => {
    const { editor, saved, ctx } = withSettings({ vlans: [vlan({})] });
    const dialog = open(<VlanModal editor={editor} index={null} onClose={noop} />);
    expect(dialog.html).toContain('Add VLAN');
    expect(dialog.html).toContain('VLAN ID');
    dialog.form.setFieldsValue({ id: 20, name: 'OFFICE', ip: '192.168.30.1', mask: '255.255.255.0' });

    const candidate = { ...editor.settings, vlans: [vlan({}), vlan({ name: 'OFFICE', ip: '192.168.30.1' })] };
    const issues = networkSettingsIssues(candidate, ctx);
    expect(issueAt(issues, 'vlans.1.id')?.code).toBe(ERR.VLAN_ID_EXISTS);
    expect(ERR.VLAN_ID_EXISTS).toBe(1102);
    expect(await dialog.messageOn('id')).toBe(issueAt(issues, 'vlans.1.id')?.message);
    expect(issueAt(issues, 'vlans.1.name')?.code).toBe(ERR.VLAN_NAME_EXISTS);
    expect(await dialog.messageOn('name')).toBe('VLAN name "OFFICE" is already used.');
    expect(await dialog.messageOn('ip')).toBeNull();
    expect(saved).toEqual([]);
  });

  it('refuses the reserved names br0 and IPTV on the name field', async () => {
    const { editor } = testNetworkEditor();
    const dialog = open(<VlanModal editor={editor} index={null} onClose={noop} />);
    dialog.form.setFieldsValue({ id: 30, name: 'IPTV', ip: '192.168.30.1', mask: '255.255.255.0' });
    const message = await dialog.messageOn('name');
    const candidate = { ...editor.settings, vlans: [vlan({ id: 30, name: 'IPTV', ip: '192.168.30.1' })] };
    const issue = issueAt(networkSettingsIssues(candidate, testNetworkEditor().ctx), 'vlans.0.name');
    expect(issue?.code).toBe(ERR.VLAN_NAME_RESERVED);
    expect(message).toBe(issue?.message);
  });
});

describe('DHCP pool dialog', () => {
  const base = testNetworkView().settings;

  it('shows 713 under the name when another pool has it', async () => {
    const { editor, saved, ctx } = testNetworkEditor();
    const dialog = open(<DhcpPoolModal editor={editor} index={null} onClose={noop} />);
    expect(dialog.html).toContain('Add DHCP pool');
    const values = {
      name: 'lan_pool',
      interface: 'lan' as const,
      start: '192.168.10.20',
      end: '192.168.10.30',
      mask: '255.255.255.0',
      gateway: '192.168.10.1',
    };
    dialog.form.setFieldsValue(values);
    const pool = { ...values, dns: [], leaseMinutes: 1440 };
    const issues = networkSettingsIssues({ ...base, dhcpPools: [...base.dhcpPools, pool] }, ctx);
    const taken = issueAt(issues, 'dhcpPools.1.name');
    expect(taken?.code).toBe(ERR.DHCP_POOL_NAME_EXISTS);
    expect(ERR.DHCP_POOL_NAME_EXISTS).toBe(713);
    expect(await dialog.messageOn('name')).toBe('Pool name "lan_pool" is already used.');
    expect(await dialog.messageOn('name')).toBe(taken?.message);
    expect(saved).toEqual([]);
  });

  it('shows 720 on the range when it overlaps the existing pool', async () => {
    const { editor, ctx } = testNetworkEditor();
    const dialog = open(<DhcpPoolModal editor={editor} index={null} onClose={noop} />);
    const values = {
      name: 'printers',
      interface: 'lan' as const,
      start: '192.168.10.200',
      end: '192.168.10.240',
      mask: '255.255.255.0',
      gateway: '192.168.10.1',
    };
    dialog.form.setFieldsValue(values);
    const pool = { ...values, dns: [], leaseMinutes: 1440 };
    const issues = networkSettingsIssues({ ...base, dhcpPools: [...base.dhcpPools, pool] }, ctx);
    const overlap = issues.find((i) => i.code === ERR.DHCP_POOL_OVERLAPS_POOL);
    expect(overlap?.path).toMatch(/^dhcpPools\.1\.(start|end)$/);
    const field = overlap?.path.split('.').at(-1) ?? '';
    expect(await dialog.messageOn(field)).toBe(overlap?.message);
    expect(await dialog.messageOn('name')).toBeNull();
  });

  it('shows 733 under the interface when the LAN has a pool already, and nothing once it has none', async () => {
    const values = {
      name: 'cameras',
      interface: 'lan' as const,
      start: '192.168.10.20',
      end: '192.168.10.60',
      mask: '255.255.255.0',
      gateway: '192.168.10.1',
    };
    const second = testNetworkEditor();
    const taken = open(<DhcpPoolModal editor={second.editor} index={null} onClose={noop} />);
    taken.form.setFieldsValue(values);
    const pool = { ...values, dns: [], leaseMinutes: 1440 };
    const issue = issueAt(
      networkSettingsIssues({ ...base, dhcpPools: [...base.dhcpPools, pool] }, second.ctx),
      'dhcpPools.1.interface',
    );
    expect(issue?.code).toBe(ERR.DHCP_INTERFACE_HAS_POOL);
    expect(await taken.messageOn('interface')).toBe('The LAN already has DHCP pool "lan_pool".');

    const { editor } = withSettings({ dhcpPools: [] });
    const dialog = open(<DhcpPoolModal editor={editor} index={null} onClose={noop} />);
    dialog.form.setFieldsValue(values);
    for (const f of ['name', 'interface', 'start', 'end', 'mask', 'gateway']) {
      expect(await dialog.messageOn(f)).toBeNull();
    }
  });
});

describe('static route dialog', () => {
  it('refuses a destination starting with 127 and one above 223 on the destination field', async () => {
    const { editor, saved } = testNetworkEditor();
    const dialog = open(<StaticRouteModal editor={editor} index={null} onClose={noop} />);
    expect(dialog.html).toContain('Destination network');
    const rule = 'Destination network must start with a number from 1 to 223, other than 127.';
    dialog.form.setFieldsValue({ name: 'lab', destination: '127.0.0.0', nextHop: '192.168.10.254' });
    expect(await dialog.messageOn('destination')).toBe(rule);
    dialog.form.setFieldsValue({ destination: '224.1.0.0' });
    expect(await dialog.messageOn('destination')).toBe(rule);
    dialog.form.setFieldsValue({ destination: '10.20.0.0' });
    expect(await dialog.messageOn('destination')).toBeNull();
    expect(await dialog.messageOn('nextHop')).toBeNull();
    expect(saved).toEqual([]);
  });

  it('names the route that already goes to the same destination', async () => {
    const route = { name: 'lab', destination: '10.20.0.0', mask: '255.255.0.0', nextHop: '192.168.10.254' };
    const { editor } = withSettings({ staticRoutes: [route] });
    const dialog = open(<StaticRouteModal editor={editor} index={null} onClose={noop} />);
    dialog.form.setFieldsValue({ ...route, name: 'lab2' });
    expect(await dialog.messageOn('destination')).toBe('A route to 10.20.0.0/16 already exists.');
  });
});

describe('port mapping dialog', () => {
  const web = {
    name: 'web',
    internalIp: '192.168.10.20',
    internalPorts: '80',
    externalPorts: '8080;8443',
    protocol: 'tcp' as const,
    wanPort: 1,
    enabled: true,
  };

  it('shows the port-list syntax rule on the external ports', async () => {
    const { editor, saved, ctx } = testNetworkEditor();
    const dialog = open(<PortMappingModal editor={editor} index={null} onClose={noop} />);
    expect(dialog.html).toContain('External ports');
    dialog.form.setFieldsValue({ ...web, externalPorts: '80,443' });
    const issues = networkSettingsIssues(
      { ...editor.settings, portMappings: [{ ...web, externalPorts: '80,443' }] },
      ctx,
    );
    const syntax = issueAt(issues, 'portMappings.0.externalPorts');
    expect(syntax?.message).toBeTruthy();
    expect(await dialog.messageOn('externalPorts')).toBe(syntax?.message);
    dialog.form.setFieldsValue({ externalPorts: '8000-8010' });
    expect(await dialog.messageOn('externalPorts')).toBeNull();
    expect(saved).toEqual([]);
  });

  it('names the rule whose external ports overlap', async () => {
    const { editor } = withSettings({ portMappings: [web] });
    const dialog = open(<PortMappingModal editor={editor} index={null} onClose={noop} />);
    dialog.form.setFieldsValue({
      ...web,
      name: 'admin',
      internalIp: '192.168.10.21',
      externalPorts: '8440-8450',
    });
    expect(await dialog.messageOn('externalPorts')).toBe('External port 8443 is already used by rule "web".');
    expect(await dialog.messageOn('internalIp')).toBeNull();
  });
});

/** The Internet page's form around one WAN port card, with the page's own validation setup. */
function InternetHarness({ wanIndex }: { wanIndex: number }) {
  const { editor } = testNetworkEditor();
  const gateway = editor.view.gateway;
  if (!gateway) throw new Error('the test view has a gateway');
  const [form] = Form.useForm<InternetForm>();
  const validation = useItemValidation(editor, form, {
    prefix: '',
    fields: internetFields(gateway.wanPorts.length),
    build: (v) => fromInternetForm(editor.settings, v),
  });
  const initial = toInternetForm(editor.settings, gateway);
  const wan = initial.wan.map((w, i) =>
    i === wanIndex ? { ...w, enabled: true, mode: 'static' as const } : w,
  );
  return (
    <Form form={form} initialValues={{ ...initial, wan }}>
      <FieldValidation validation={validation}>
        <WanPortCard
          index={wanIndex}
          port={gateway.wanPorts[wanIndex] ?? { id: 1, label: 'WAN1' }}
          live={undefined}
          readOnly={false}
        />
      </FieldValidation>
    </Form>
  );
}

describe('Internet: a static WAN port', () => {
  it('shows the gateway rules under the gateway field and asks for a DNS server', async () => {
    const dialog = open(<InternetHarness wanIndex={1} />);
    expect(dialog.html).toContain('Default gateway');
    const set = (w: Record<string, unknown>) => {
      const wan = [...(dialog.form.getFieldValue('wan') as object[])];
      wan[1] = { ...wan[1], ...w };
      dialog.form.setFieldsValue({ wan } as never);
    };
    set({ ip: '203.0.113.10', mask: '255.255.255.0', gateway: '203.0.113.10', dns: ['', ''] });
    const { ctx } = testNetworkEditor();
    const wan = (w: object) => {
      const s = testNetworkView().settings;
      return {
        ...s,
        wan: [s.wan[0], { ...s.wan[1], enabled: true, mode: 'static', ...w }],
      } as NetworkSettings;
    };
    const same = issueAt(
      networkSettingsIssues(wan({ ip: '203.0.113.10', mask: '255.255.255.0', gateway: '203.0.113.10' }), ctx),
      'wan.1.gateway',
    );
    expect(same?.code).toBe(ERR.WAN_IP_EQUALS_GATEWAY);
    expect(await dialog.messageOn('wan.1.gateway')).toBe(same?.message);
    expect(await dialog.messageOn('wan.1.dns.0')).toBe(
      'Enter a primary DNS server: a static WAN gets none from the ISP.',
    );
    set({ gateway: '198.51.100.1' });
    const outside = issueAt(
      networkSettingsIssues(wan({ ip: '203.0.113.10', mask: '255.255.255.0', gateway: '198.51.100.1' }), ctx),
      'wan.1.gateway',
    );
    expect(outside?.code).toBe(ERR.WAN_GATEWAY_OUTSIDE_SEGMENT);
    expect(await dialog.messageOn('wan.1.gateway')).toBe(outside?.message);
    set({ gateway: '203.0.113.1', dns: ['1.1.1.1', '8.8.8.8'] });
    expect(await dialog.messageOn('wan.1.gateway')).toBeNull();
    expect(await dialog.messageOn('wan.1.dns.0')).toBeNull();
    expect(await dialog.messageOn('wan.1.ip')).toBeNull();
  });
});
