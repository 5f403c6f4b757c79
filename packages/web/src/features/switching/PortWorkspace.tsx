import { ApartmentOutlined, SaveOutlined, UndoOutlined } from '@ant-design/icons';
import type { DeviceDetail, SwitchConfigView, SwitchSettings } from '@netloom/domain';
import { Alert, App, Button, Card, Col, Flex, Row, Tooltip, Typography } from 'antd';
import { type ReactNode, useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { ApiError } from '../../api/client';
import { PageHeader } from '../../components/PageHeader';
import { DeviceStatusTag } from '../../components/StatusTag';
import { PAGES } from '../../navigation/paths';
import {
  ConfigDeliveryBar,
  ConfigHistoryButton,
  type ConfigMutation,
  ConfigStatusTag,
  type SaveConfigInput,
  useConfigSaveFlow,
} from '../config';
import { useSaveSwitchConfig } from './api';
import { DeviceSwitchSettings } from './DeviceSwitchSettings';
import { PoeBudget } from './PoeBudget';
import { PortEditor } from './PortEditor';
import { PortPanel } from './PortPanel';
import { PortsTable } from './PortsTable';
import { ProfilePicker } from './ProfilePicker';
import { deviceMessages, portsWithIssues, selectionMessages } from './portEdits';
import { EMPTY_SELECTION, editablePortIds, nextSelection, type Selection } from './portPanelModel';
import { usePoeReboots } from './usePoeReboots';
import { useSwitchDraft } from './useSwitchDraft';
import { useSwitchViewFreshness } from './useSwitchViewFreshness';

type SaveInput = SaveConfigInput<SwitchSettings>;

interface PortWorkspaceProps {
  projectId: number;
  view: SwitchConfigView;
  device: DeviceDetail | null;
  /** Why nothing can be changed (read-only share, demo project), or null. */
  blockedReason: string | null;
  backButton: ReactNode;
}

/** The editing page once the view is loaded: panel + PoE strip + table on the left, editor on the right. */
export function PortWorkspace({ projectId, view, device, blockedReason, backButton }: PortWorkspaceProps) {
  const { message } = App.useApp();
  const navigate = useNavigate();
  const deviceId = view.device.id;
  const draft = useSwitchDraft(view);
  const [selection, setSelection] = useState<Selection>(EMPTY_SELECTION);
  const mutation = useSaveSwitchConfig(projectId, deviceId);
  const { save, saving } = useConfigSaveFlow({ kind: 'switching', deviceId, onReload: draft.reset });
  const reboots = usePoeReboots(projectId, deviceId);
  const order = useMemo(() => editablePortIds(draft.settings.ports), [draft.settings.ports]);
  const target = view.targets.find((t) => t.deviceId === deviceId);
  useSwitchViewFreshness(projectId, deviceId, target?.status === 'pending');
  const disabled = blockedReason !== null;

  const portMessages = selectionMessages(draft.issues, draft.settings, selection.ids);
  const wideMessages = deviceMessages(draft.issues);
  const issuePorts = portsWithIssues(draft.issues, draft.settings);

  const handleSave = async () => {
    if (draft.issues.length > 0) {
      const first = [...issuePorts][0];
      if (first !== undefined) setSelection({ ids: [first], anchor: first });
      message.error(
        draft.issues.length === 1
          ? 'Fix the marked setting before saving.'
          : `Fix the ${draft.issues.length} marked settings before saving.`,
      );
      return;
    }
    // The save flow reports refusals; a 400's field issues also land on the fields.
    const withIssues: ConfigMutation<SaveInput> = {
      mutateAsync: async (input) => {
        try {
          return await mutation.mutateAsync(input);
        } catch (e) {
          if (e instanceof ApiError && e.issues.length > 0) draft.setServerIssues(e.issues);
          throw e;
        }
      },
    };
    const result = await save(withIssues, { baseVersion: draft.baseVersion, settings: draft.settings });
    if (result) draft.reset();
  };

  const title = (
    <Flex align="center" gap={10} wrap>
      <span>Ports · {view.device.name}</span>
      {device ? <DeviceStatusTag status={device.status} /> : null}
      {target ? <ConfigStatusTag {...target} /> : null}
    </Flex>
  );

  const saveButton = (
    <Button
      type="primary"
      icon={<SaveOutlined />}
      loading={saving}
      disabled={disabled || !draft.dirty}
      onClick={handleSave}
      data-testid="ports-save"
    >
      Save
    </Button>
  );

  return (
    <div className="nl-ports-page" data-testid="ports-page">
      <PageHeader
        title={title}
        description={`${view.device.model} · SN ${view.device.sn} — port status, VLANs and PoE. Saved settings reach the switch now, or when it reconnects.`}
        actions={
          <>
            {backButton}
            <Button icon={<ApartmentOutlined />} onClick={() => navigate(PAGES.portProfiles)}>
              Port profiles
            </Button>
            <ConfigHistoryButton
              projectId={projectId}
              kind="switching"
              device={view.device}
              currentVersion={view.version}
            />
            <Button icon={<UndoOutlined />} disabled={!draft.dirty || saving} onClick={draft.reset}>
              Discard
            </Button>
            {blockedReason ? <Tooltip title={blockedReason}>{saveButton}</Tooltip> : saveButton}
          </>
        }
      />
      <ConfigDeliveryBar projectId={projectId} targets={view.targets} version={view.version} />
      {blockedReason ? (
        <Alert className="nl-ports-alert" type="info" showIcon message={`View only: ${blockedReason}`} />
      ) : null}
      {!view.device.online && !blockedReason ? (
        <Alert
          className="nl-ports-alert"
          type="warning"
          showIcon
          message="The switch is offline"
          description="You can still change its settings: they are queued and delivered when it reconnects. Link lights and PoE draw show again once it is back."
        />
      ) : null}
      {draft.stale ? (
        <Alert
          className="nl-ports-alert"
          type="warning"
          showIcon
          message={`Someone saved version ${view.version} while you were editing.`}
          description="Saving now would be refused. Discard your edits to see their version, or save to review the conflict."
          action={
            <Button size="small" onClick={draft.reset}>
              Load version {view.version}
            </Button>
          }
        />
      ) : null}
      <Row gutter={[16, 16]} className="nl-ports-body">
        <Col xs={24} xl={17}>
          <Flex vertical gap={16}>
            <Card title="Front panel" size="small" className="nl-ports-card">
              <PortPanel
                view={view}
                ports={draft.settings.ports}
                selection={selection}
                onSelect={(click) => setSelection((s) => nextSelection(s, click, order))}
                onSelectAll={setSelection}
              />
              {view.poe ? <PoeBudget poe={view.poe} online={view.device.online} /> : null}
            </Card>
            <Card title="All ports" size="small" className="nl-ports-card nl-ports-table-card">
              <PortsTable
                view={view}
                ports={draft.settings.ports}
                selectedIds={selection.ids}
                issuePorts={issuePorts}
                reboots={reboots.states}
                blockedReason={blockedReason}
                onSelect={(ids) => setSelection({ ids: ids.sort((a, b) => a - b), anchor: ids[0] ?? null })}
                onPoeReboot={reboots.start}
              />
            </Card>
          </Flex>
        </Col>
        <Col xs={24} xl={7}>
          <Flex vertical gap={16} className="nl-ports-side">
            <Card title="Port settings" size="small" className="nl-ports-card">
              <ProfilePicker
                view={view}
                settings={draft.settings}
                ids={selection.ids}
                disabled={disabled}
                onApply={(profileId) =>
                  draft.applyProfile(selection.ids, view.profiles.find((p) => p.id === profileId) ?? null)
                }
              />
              <PortEditor
                settings={draft.settings}
                ids={selection.ids}
                specs={view.ports}
                projectVlans={view.projectVlans}
                messages={portMessages}
                disabled={disabled}
                onChange={(patch) => draft.editPorts(selection.ids, patch)}
              />
            </Card>
            <Card title="Switch settings" size="small" className="nl-ports-card">
              <DeviceSwitchSettings
                settings={draft.settings}
                messages={wideMessages}
                disabled={disabled}
                onChange={draft.editDevice}
              />
              {draft.dirty ? (
                <Typography.Text type="secondary" className="nl-ports-unsaved">
                  Unsaved changes. Save to send them to the switch.
                </Typography.Text>
              ) : null}
            </Card>
          </Flex>
        </Col>
      </Row>
    </div>
  );
}
