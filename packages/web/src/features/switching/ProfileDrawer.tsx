import {
  PORT_PROFILE_NAME_MAX_LENGTH,
  PORT_TYPE_LABELS,
  PORT_TYPES,
  type PortProfile,
  type PortProfilesView,
  type PortType,
  PROFILE_ALL_VLANS,
} from '@netloom/domain';
import { Button, Drawer, Flex, Form, Input, Radio, Select, Switch, Typography } from 'antd';
import { useState } from 'react';
import { newProfileDraft, type ProfileDraft, profileFormMessages } from './profileForm';

interface ProfileDrawerProps {
  view: PortProfilesView;
  /** The profile edited, or null for a new one. */
  editing: PortProfile | null;
  saving: boolean;
  onClose(): void;
  onSave(draft: ProfileDraft): void;
}

/** Help or the rule's message under a field (labels above fields, UI.md). */
function Note({ id, error, hint }: { id: string; error: string | undefined; hint: string }) {
  return error ? (
    <div id={id} role="alert" className="nl-pe-note nl-pe-note-error" data-testid={id}>
      {error}
    </div>
  ) : (
    <div id={id} className="nl-pe-note">
      {hint}
    </div>
  );
}

/** Create or edit a port profile; the domain's rules speak under the fields before submit. */
export function ProfileDrawer({ view, editing, saving, onClose, onSave }: ProfileDrawerProps) {
  const [draft, setDraft] = useState<ProfileDraft>(() => editing ?? newProfileDraft());
  const [touched, setTouched] = useState(false);
  const others = view.settings.profiles.filter((p) => p.id !== editing?.id);
  const messages = profileFormMessages(
    draft,
    others,
    view.projectVlans.map((v) => v.id),
  );
  const show = (field: string) => (touched || field !== 'name' ? messages.get(field) : undefined);
  const set = (patch: Partial<ProfileDraft>) => setDraft((d) => ({ ...d, ...patch }));
  const trunk = draft.type === PORT_TYPES.TRUNK;
  const vlanOptions = view.projectVlans.map((v) => ({ value: v.id, label: `${v.id} · ${v.name}` }));

  const handleSubmit = () => {
    setTouched(true);
    if (messages.size === 0) onSave(draft);
  };

  return (
    <Drawer
      open
      width={440}
      title={editing ? `Edit "${editing.name}"` : 'New port profile'}
      onClose={onClose}
      destroyOnHidden
      footer={
        <Flex justify="flex-end" gap={8}>
          <Button onClick={onClose}>Cancel</Button>
          <Button type="primary" loading={saving} onClick={handleSubmit} data-testid="profile-save">
            {editing ? 'Save' : 'Create profile'}
          </Button>
        </Flex>
      }
    >
      <Form layout="vertical" component="div" className="nl-profile-form">
        <Form.Item label="Name" htmlFor="profile-name" validateStatus={show('name') ? 'error' : ''}>
          <Input
            id="profile-name"
            value={draft.name}
            maxLength={PORT_PROFILE_NAME_MAX_LENGTH}
            placeholder="e.g. AP uplink"
            aria-describedby="profile-name-note"
            onChange={(e) => set({ name: e.target.value })}
            onBlur={() => setTouched(true)}
          />
          <Note
            id="profile-name-note"
            error={show('name')}
            hint={`1–${PORT_PROFILE_NAME_MAX_LENGTH} printable characters, unique in the project.`}
          />
        </Form.Item>
        <Form.Item label="Port status">
          <Flex align="center" gap={8}>
            <Switch
              checked={draft.enabled}
              onChange={(enabled) => set({ enabled })}
              aria-label="Port enabled"
            />
            <span>{draft.enabled ? 'Enabled' : 'Disabled — the ports have no link'}</span>
          </Flex>
        </Form.Item>
        <Form.Item label="Port type">
          <Radio.Group
            optionType="button"
            value={draft.type}
            onChange={(e) => {
              const type = e.target.value as PortType;
              set({ type, tagged: type === PORT_TYPES.TRUNK ? PROFILE_ALL_VLANS : [] });
            }}
            options={[PORT_TYPES.ACCESS, PORT_TYPES.TRUNK].map((t) => ({
              value: t,
              label: PORT_TYPE_LABELS[t],
            }))}
          />
        </Form.Item>
        <Form.Item
          label="Untagged VLAN"
          htmlFor="profile-untagged"
          validateStatus={show('untagged') ? 'error' : ''}
        >
          <Select
            id="profile-untagged"
            value={draft.untagged}
            options={vlanOptions}
            onChange={(untagged: number) => set({ untagged })}
          />
          <Note
            id="profile-untagged-note"
            error={show('untagged')}
            hint="The VLAN of untagged traffic (PVID)."
          />
        </Form.Item>
        {trunk ? (
          <Form.Item label="Tagged VLANs" validateStatus={show('tagged') ? 'error' : ''}>
            <Radio.Group
              value={draft.tagged === PROFILE_ALL_VLANS ? 'all' : 'list'}
              onChange={(e) => set({ tagged: e.target.value === 'all' ? PROFILE_ALL_VLANS : [] })}
            >
              <Flex vertical gap={6}>
                <Radio value="all">All VLANs of the project — new VLANs are added by themselves</Radio>
                <Radio value="list">Chosen VLANs</Radio>
              </Flex>
            </Radio.Group>
            {draft.tagged !== PROFILE_ALL_VLANS ? (
              <Select
                mode="multiple"
                aria-label="Tagged VLANs"
                className="nl-profile-tagged"
                value={draft.tagged}
                options={vlanOptions.filter((o) => o.value !== draft.untagged)}
                onChange={(tagged: number[]) => set({ tagged })}
                placeholder="Choose VLANs"
              />
            ) : null}
            <Note
              id="profile-tagged-note"
              error={show('tagged')}
              hint="Trunk ports carry these VLANs tagged."
            />
          </Form.Item>
        ) : null}
        <Form.Item label="PoE">
          <Flex align="center" gap={8}>
            <Switch checked={draft.poe} onChange={(poe) => set({ poe })} aria-label="PoE on" />
            <span>{draft.poe ? 'On' : 'Off'}</span>
          </Flex>
          <div className="nl-pe-note">Ports that cannot supply power keep PoE off; you are told which.</div>
        </Form.Item>
        <Form.Item label="Loop guard">
          <Flex align="center" gap={8}>
            <Switch
              checked={draft.loopGuard}
              onChange={(loopGuard) => set({ loopGuard })}
              aria-label="Loop guard"
            />
            <span>{draft.loopGuard ? 'On' : 'Off'}</span>
          </Flex>
        </Form.Item>
        <Typography.Paragraph type="secondary">
          Speed, duplex, remark, EEE and DHCP trust stay each port&apos;s own.
        </Typography.Paragraph>
      </Form>
    </Drawer>
  );
}
