import type { SwitchSettings } from '@netloom/domain';
import { Form } from 'antd';
import type { FieldMessage } from './portEdits';
import { Toggle } from './portFields';

interface DeviceSwitchSettingsProps {
  settings: SwitchSettings;
  messages: ReadonlyMap<string, FieldMessage>;
  disabled: boolean;
  onChange(patch: Partial<Pick<SwitchSettings, 'dhcpSnooping' | 'led'>>): void;
}

/** Settings of the whole switch: DHCP snooping and the port LEDs. */
export function DeviceSwitchSettings({ settings, messages, disabled, onChange }: DeviceSwitchSettingsProps) {
  return (
    <Form layout="vertical" disabled={disabled} className="nl-pe nl-pe-device" component="div">
      <Toggle
        id="switch-dhcp-snooping"
        label="DHCP snooping"
        checked={settings.dhcpSnooping}
        message={messages.get('dhcpSnooping')}
        hint="Drops DHCP offers that do not arrive through a trust port."
        onChange={(dhcpSnooping) => onChange({ dhcpSnooping })}
      />
      <Toggle
        id="switch-led"
        label="Port LEDs"
        checked={settings.led}
        message={messages.get('led')}
        onChange={(led) => onChange({ led })}
      />
    </Form>
  );
}
