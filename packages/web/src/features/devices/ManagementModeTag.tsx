import { DesktopOutlined } from '@ant-design/icons';
import {
  type Device,
  MANAGEMENT_MODE_LABELS,
  MANAGEMENT_MODES,
  STATIC_PAGE_PATHS,
  STATIC_PAGE_QUERY,
} from '@netloom/domain';
import { Alert, Button, Tag, Tooltip } from 'antd';
import { useNavigate } from 'react-router';
import './devices.css';

/**
 * A device handed to local management (issue 15, docs/decisions.md "`/static/transferToLocalDev`")
 * stays in the project: the list and the drawer tag it, and the drawer says what the cloud no longer
 * does for it, before anyone clicks a blocked action.
 */

export function isLocallyManaged(d: Pick<Device, 'managementMode'>): boolean {
  return d.managementMode === MANAGEMENT_MODES.LOCAL;
}

/** The page that switches a device between cloud and local management. */
export function managementModePagePath(projectId: number, deviceId: number): string {
  const q = new URLSearchParams({
    [STATIC_PAGE_QUERY.project]: String(projectId),
    [STATIC_PAGE_QUERY.device]: String(deviceId),
  });
  return `${STATIC_PAGE_PATHS.toLocalManagement}?${q.toString()}`;
}

/**
 * "Local management" next to a locally managed device's name; nothing for a cloud-managed one. The
 * list's narrow name column takes the compact "Local" (the full words on hover and to screen readers).
 */
export function ManagementModeTag({
  device: d,
  compact = false,
}: {
  device: Pick<Device, 'managementMode'>;
  compact?: boolean;
}) {
  if (!isLocallyManaged(d)) return null;
  const label = MANAGEMENT_MODE_LABELS[MANAGEMENT_MODES.LOCAL];
  return (
    <Tooltip
      title={`${label}: managed on the device itself. The cloud monitors it but does not configure or operate it.`}
    >
      <Tag
        icon={<DesktopOutlined />}
        color="purple"
        className="nl-mode-tag"
        aria-label={label}
        data-testid="management-mode-tag"
      >
        {compact ? 'Local' : label}
      </Tag>
    </Tooltip>
  );
}

/** The drawer's notice for a locally managed device, with the way back when the user may change it. */
export function LocalManagementNotice({
  projectId,
  device: d,
  canWrite,
}: {
  projectId: number;
  device: Pick<Device, 'id' | 'managementMode'>;
  canWrite: boolean;
}) {
  const navigate = useNavigate();
  if (!isLocallyManaged(d)) return null;
  return (
    <Alert
      type="info"
      showIcon
      data-testid="local-management-notice"
      title="Managed locally"
      description={
        // The way back under the text, not beside it: a phone's drawer keeps the text its width.
        <>
          This device is managed on its own web page. The cloud keeps monitoring its status, but its
          configuration, restart, reset and upgrade are unavailable until it returns to cloud management.
          {canWrite ? (
            <div className="nl-local-notice-action">
              <Button size="small" onClick={() => navigate(managementModePagePath(projectId, d.id))}>
                Return to cloud management
              </Button>
            </div>
          ) : null}
        </>
      }
    />
  );
}
