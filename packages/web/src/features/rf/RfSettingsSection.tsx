import { LockOutlined } from '@ant-design/icons';
import { type RfConfigView, timeZoneShortLabel } from '@netloom/domain';
import { Alert, Button, Card, Col, Flex, Row, Skeleton, Tooltip, Typography } from 'antd';
import { useProjects } from '../projects';
import { RfSettingsCard } from './RfSettingsCard';
import { RoamingCard } from './RoamingCard';
import { useRfDraft } from './useRfDraft';

interface RfSettingsSectionProps {
  projectId: number;
  config: RfConfigView | undefined;
  /** The account may change settings (manage right, not a demo project). */
  editable: boolean;
  /** Set while an optimisation runs: settings are locked with this (code 27) message. */
  lockReason: string | undefined;
  /** Why the account cannot edit (tooltip of Save). */
  disabledReason: string | undefined;
}

/** The settings and roaming cards (one `rf` document) with their save bar. */
export function RfSettingsSection({ config, ...rest }: RfSettingsSectionProps) {
  if (!config) {
    return (
      <Row gutter={[16, 16]} className="nl-rf-section">
        {[0, 1].map((i) => (
          <Col key={i} xs={24} xl={12}>
            <Card className="nl-rf-card">
              <Skeleton active paragraph={{ rows: 6 }} />
            </Card>
          </Col>
        ))}
      </Row>
    );
  }
  return <LoadedSettings config={config} {...rest} />;
}

function LoadedSettings({
  projectId,
  config,
  editable,
  lockReason,
  disabledReason,
}: RfSettingsSectionProps & { config: RfConfigView }) {
  const draft = useRfDraft(projectId, config);
  // The schedule runs on the project's zone (summer time included): name it next to the time.
  const zone = useProjects().data?.items.find((p) => p.id === projectId)?.timeZone;
  const locked = !editable || lockReason !== undefined;
  const invalid = draft.issues.size > 0;
  return (
    <div className="nl-rf-section" data-testid="rf-settings">
      {draft.newer && draft.dirty ? (
        <Alert
          className="nl-rf-section"
          type="warning"
          showIcon
          title={`Someone saved a newer version (version ${config.version}) while you were editing.`}
          description="Your edits are based on the older version and cannot be saved as they are. Reload to see the newest settings."
          action={<Button onClick={draft.reload}>Reload</Button>}
        />
      ) : null}
      {lockReason && editable ? (
        <Alert
          className="nl-rf-section"
          type="info"
          icon={<LockOutlined />}
          showIcon
          title={`Settings are locked while the optimisation runs. ${lockReason}`}
          data-testid="rf-locked"
        />
      ) : null}
      <Row gutter={[16, 16]}>
        <Col xs={24} xl={12}>
          <RfSettingsCard
            draft={draft}
            locked={locked}
            {...(zone && { timeZone: timeZoneShortLabel(zone, Date.now()) })}
          />
        </Col>
        <Col xs={24} xl={12}>
          <RoamingCard draft={draft} locked={locked} />
        </Col>
      </Row>
      {editable ? (
        <Flex className="nl-rf-savebar" justify="space-between" align="center" gap={12} wrap>
          <Typography.Text
            type={invalid ? 'danger' : draft.dirty ? 'warning' : 'secondary'}
            data-testid="rf-dirty"
          >
            {invalid
              ? 'Correct the highlighted fields to save.'
              : draft.dirty
                ? 'You have unsaved changes. Saving sends them to every AP of the project.'
                : 'No unsaved changes.'}
          </Typography.Text>
          <Flex gap={8}>
            <Button disabled={!draft.dirty || draft.saving} onClick={draft.discard}>
              Discard changes
            </Button>
            <Tooltip title={lockReason ?? disabledReason}>
              <Button
                type="primary"
                loading={draft.saving}
                disabled={locked || !draft.dirty || invalid || (draft.newer && draft.dirty)}
                onClick={() => void draft.save()}
                data-testid="rf-save"
              >
                Save
              </Button>
            </Tooltip>
          </Flex>
        </Flex>
      ) : null}
    </div>
  );
}
