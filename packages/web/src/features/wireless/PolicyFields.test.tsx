import type { WirelessConfigView } from '@netloom/domain';
import { Form } from 'antd';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { TEST_ACCESS } from '../../testing/access';
import { PolicyFields } from './PolicyFields';
import { newPolicyValues, type PolicyFormValues } from './policyForm';
import type { PolicyValidation } from './usePolicyValidation';
import type { WirelessEditor } from './useWirelessEditor';

const view: WirelessConfigView = {
  version: 0,
  updatedAt: null,
  updatedBy: null,
  targets: [],
  settings: { policies: [] },
  devices: [
    {
      id: 1,
      sn: 'SN1',
      name: 'Lobby AP',
      model: 'NL-A1800O',
      kind: 'ap',
      bands: ['2.4G', '5G'],
      online: true,
    },
  ],
};
const editor = {
  ...TEST_ACCESS,
  view,
  settings: view.settings,
  issuesOf: () => [],
  save: async () => ({ ok: false, kind: 'error', code: null, message: null }),
} satisfies WirelessEditor;
const validation: PolicyValidation = {
  rule: () => ({}),
  check: async () => ({ ok: true, general: [], candidate: view.settings }),
  applyServer: () => [],
  revalidateTouched: () => {},
};

function Fields({ values }: { values: PolicyFormValues }) {
  const [form] = Form.useForm<PolicyFormValues>();
  return (
    <Form form={form} initialValues={values} layout="vertical">
      <PolicyFields editor={editor} form={form} validation={validation} />
    </Form>
  );
}

/** The texts of every `<label>` in the markup. */
function labels(values: Partial<PolicyFormValues>): string[] {
  const html = renderToStaticMarkup(<Fields values={{ ...newPolicyValues(), ...values }} />);
  return [...html.matchAll(/<label[^>]*>(.*?)<\/label>/g)].map((m) => (m[1] ?? '').replace(/<[^>]+>/g, ''));
}

describe('the policy editor’s fields', () => {
  it('a WPA2-PSK policy for all devices asks for a password and a cipher, not RADIUS', () => {
    const l = labels({});
    expect(l).toEqual(
      expect.arrayContaining([
        'Policy name',
        'SSID',
        'Security mode',
        'Cipher',
        'Wi-Fi password',
        'Wi-Fi off during',
      ]),
    );
    expect(l).not.toContain('RADIUS server IP');
    expect(l).not.toContain('Devices that broadcast it');
  });

  it('an enterprise policy asks for the RADIUS server instead of a password', () => {
    const l = labels({ security: 'WPA2' });
    expect(l).toEqual(expect.arrayContaining(['RADIUS server IP', 'RADIUS port', 'RADIUS password']));
    expect(l).not.toContain('Wi-Fi password');
  });

  it('an open network has neither cipher nor password', () => {
    const l = labels({ security: 'none', cipher: null });
    expect(l).not.toContain('Cipher');
    expect(l).not.toContain('Wi-Fi password');
    expect(l).not.toContain('Key update interval (seconds)');
  });

  it('shows the fields a switch turns on', () => {
    const l = labels({ separate5: true, rateEnabled: true, scope: 'devices' });
    expect(l).toEqual(
      expect.arrayContaining([
        'SSID (2.4 GHz)',
        'SSID (5 GHz)',
        'VLAN',
        'Download limit (kbit/s)',
        'Upload limit (kbit/s)',
        'Devices that broadcast it',
      ]),
    );
  });

  it('asks for the clients of the selected bands only', () => {
    const l = labels({ bands: ['5G'] });
    expect(l).toContain('Max clients (5 GHz)');
    expect(l).not.toContain('Max clients (2.4 GHz)');
    expect(labels({ bands: ['2.4G', '5G', '6G'], security: 'WPA3-SAE' })).toContain('Max clients (6 GHz)');
  });
});
