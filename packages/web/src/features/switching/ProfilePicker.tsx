import { ApartmentOutlined } from '@ant-design/icons';
import type { SwitchConfigView, SwitchSettings } from '@netloom/domain';
import { App, Flex, Select, Typography } from 'antd';
import { Link } from 'react-router';
import { PAGES } from '../../navigation/paths';
import { poeSkippedText } from './portProfiles';

const NONE = '';

interface ProfilePickerProps {
  view: SwitchConfigView;
  settings: SwitchSettings;
  ids: readonly number[];
  disabled: boolean;
  /** Applies (or detaches: null) and returns the labels of ports whose PoE was skipped. */
  onApply(profileId: string | null): string[];
}

/**
 * The profile the selected ports follow, and the one-step "apply a profile to these ports": the
 * profile's settings land in the draft (saved with the page's Save, like any port change).
 */
export function ProfilePicker({ view, settings, ids, disabled, onApply }: ProfilePickerProps) {
  const { message } = App.useApp();
  const ports = settings.ports.filter((p) => ids.includes(p.id));
  if (ports.length === 0) return null;
  const followed = new Set(ports.map((p) => p.profile ?? NONE));
  const value = followed.size === 1 ? [...followed][0] : undefined;
  const handleChange = (id: string) => {
    const profile = view.profiles.find((p) => p.id === id) ?? null;
    const skipped = onApply(profile?.id ?? null);
    if (profile) {
      message.success(
        `${ports.length === 1 ? 'The port follows' : `${ports.length} ports follow`} "${profile.name}". Save to send it to the switch.`,
      );
      if (skipped.length > 0) message.warning(poeSkippedText(skipped));
    }
  };
  return (
    <div className="nl-profile-picker" data-testid="profile-picker">
      <Flex justify="space-between" align="baseline">
        <Typography.Text strong>
          <ApartmentOutlined /> Port profile
        </Typography.Text>
        <Link to={PAGES.portProfiles}>Manage profiles</Link>
      </Flex>
      <Select
        aria-label="Port profile"
        className="nl-profile-select"
        value={value}
        placeholder="Mixed"
        disabled={disabled}
        onChange={handleChange}
        options={[
          { value: NONE, label: 'None — the ports keep their own settings' },
          ...view.profiles.map((p) => ({ value: p.id, label: `${p.name} — ${p.summary}` })),
        ]}
        notFoundContent="No profiles yet"
      />
      <Typography.Text type="secondary" className="nl-pe-note">
        {view.profiles.length === 0
          ? 'Create profiles such as "AP uplink" to set many ports in one step.'
          : 'Changing status, VLANs, PoE or loop guard below detaches a port from its profile.'}
      </Typography.Text>
    </div>
  );
}
