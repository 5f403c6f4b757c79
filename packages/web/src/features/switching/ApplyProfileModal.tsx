import { type PortProfile, type PortProfilesView, poeSkipped } from '@netloom/domain';
import { App, Button, Empty, Flex, Modal, Tag, Typography } from 'antd';
import { useState } from 'react';
import { ApiError } from '../../api/client';
import { poeSkippedText } from './portProfiles';
import { useApplyProfile } from './profileApi';

interface ApplyProfileModalProps {
  projectId: number;
  view: PortProfilesView;
  profile: PortProfile;
  onClose(): void;
}

type Chosen = ReadonlyMap<number, ReadonlySet<number>>;

function toggle(chosen: Chosen, deviceId: number, ids: readonly number[], on: boolean): Chosen {
  const next = new Map(chosen);
  const set = new Set(next.get(deviceId) ?? []);
  for (const id of ids) on ? set.add(id) : set.delete(id);
  next.set(deviceId, set);
  return next;
}

/** Apply a profile to ports of one or several switches: pick ports per switch, see what PoE skips. */
export function ApplyProfileModal({ projectId, view, profile, onClose }: ApplyProfileModalProps) {
  const { message } = App.useApp();
  const apply = useApplyProfile(projectId);
  const [chosen, setChosen] = useState<Chosen>(new Map());
  const targets = view.switches
    .map((s) => ({ deviceId: s.id, ports: [...(chosen.get(s.id) ?? [])].sort((a, b) => a - b) }))
    .filter((t) => t.ports.length > 0);
  const count = targets.reduce((n, t) => n + t.ports.length, 0);
  const skipped = targets.flatMap((t) => {
    const sw = view.switches.find((s) => s.id === t.deviceId);
    return t.ports
      .map((id) => sw?.ports.find((p) => p.id === id))
      .filter((p) => p && poeSkipped(profile, { poe: p.poe ? 'out' : 'none' }))
      .map((p) => `${sw?.name} ${p?.label}`);
  });

  const handleApply = async () => {
    try {
      const result = await apply.mutateAsync({ profileId: profile.id, targets });
      const n = result.switches.length;
      message.success(
        `"${profile.name}" applied to ${count} ${count === 1 ? 'port' : 'ports'} on ${n} ${n === 1 ? 'switch' : 'switches'}.`,
      );
      onClose();
    } catch (e) {
      const detail = e instanceof ApiError ? (e.issues[0]?.message ?? e.message) : String(e);
      message.error(detail);
    }
  };

  return (
    <Modal
      open
      width={720}
      title={`Apply "${profile.name}" to ports`}
      onCancel={onClose}
      footer={
        <Flex justify="space-between" align="center" gap={12}>
          <Typography.Text type="secondary" data-testid="apply-summary">
            {count === 0
              ? 'Choose ports on one or more switches.'
              : `${count} ${count === 1 ? 'port' : 'ports'} on ${targets.length} ${targets.length === 1 ? 'switch' : 'switches'}`}
          </Typography.Text>
          <Flex gap={8}>
            <Button onClick={onClose}>Cancel</Button>
            <Button
              type="primary"
              disabled={count === 0}
              loading={apply.isPending}
              onClick={handleApply}
              data-testid="apply-profile"
            >
              Apply and send
            </Button>
          </Flex>
        </Flex>
      }
    >
      {view.switches.length === 0 ? (
        <Empty description="No switches in this project yet." />
      ) : (
        <Flex vertical gap={14} className="nl-apply-switches">
          {view.switches.map((sw) => {
            const set = chosen.get(sw.id) ?? new Set<number>();
            return (
              <div key={sw.id} className="nl-apply-switch" data-testid={`apply-switch-${sw.id}`}>
                <Flex justify="space-between" align="baseline">
                  <span>
                    <Typography.Text strong>{sw.name}</Typography.Text>
                    <Typography.Text type="secondary"> · {sw.model}</Typography.Text>
                    {!sw.online ? <Tag className="nl-apply-offline">Offline — queued</Tag> : null}
                  </span>
                  <Button
                    type="link"
                    size="small"
                    onClick={() =>
                      setChosen((c) =>
                        toggle(
                          c,
                          sw.id,
                          sw.ports.map((p) => p.id),
                          set.size < sw.ports.length,
                        ),
                      )
                    }
                  >
                    {set.size < sw.ports.length ? 'All ports' : 'None'}
                  </Button>
                </Flex>
                <Flex wrap gap={6}>
                  {sw.ports.map((p) => (
                    <Tag.CheckableTag
                      key={p.id}
                      checked={set.has(p.id)}
                      onChange={(on) => setChosen((c) => toggle(c, sw.id, [p.id], on))}
                      className="nl-apply-port"
                      aria-label={`${sw.name} port ${p.label}${sw.uplinkPort === p.id ? ' (uplink)' : ''}`}
                    >
                      {p.label}
                      {sw.uplinkPort === p.id ? ' ↑' : ''}
                    </Tag.CheckableTag>
                  ))}
                </Flex>
              </div>
            );
          })}
        </Flex>
      )}
      {skipped.length > 0 ? (
        <Typography.Paragraph type="warning" className="nl-apply-poe" data-testid="apply-poe-skipped">
          {poeSkippedText(skipped)}
        </Typography.Paragraph>
      ) : null}
    </Modal>
  );
}
