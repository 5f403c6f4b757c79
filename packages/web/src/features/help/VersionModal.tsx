import { Alert, Descriptions, Modal, Skeleton, Typography } from 'antd';
import dayjs from 'dayjs';
import { useVersionInfo } from './api';

/** Version info (§2): version, release time and the major updates of this release. */
export function VersionModal({ open, onClose }: { open: boolean; onClose(): void }) {
  const version = useVersionInfo(open);

  let body: React.ReactNode;
  if (version.isPending) body = <Skeleton active paragraph={{ rows: 4 }} />;
  else if (version.isError) body = <Alert type="error" showIcon title={version.error.message} />;
  else {
    const v = version.data;
    const released = dayjs(v.releasedAt);
    body = (
      <Descriptions column={1} size="small" bordered styles={{ label: { width: 130, whiteSpace: 'nowrap' } }}>
        <Descriptions.Item label="Version">{v.version}</Descriptions.Item>
        <Descriptions.Item label="Release time">
          {released.isValid() ? released.format('YYYY-MM-DD HH:mm') : v.releasedAt}
        </Descriptions.Item>
        <Descriptions.Item label="Major updates">
          {v.majorUpdates.length === 0 ? (
            <Typography.Text type="secondary">No major updates in this release.</Typography.Text>
          ) : (
            <ul className="nl-version-updates">
              {v.majorUpdates.map((u) => (
                <li key={u}>{u}</li>
              ))}
            </ul>
          )}
        </Descriptions.Item>
      </Descriptions>
    );
  }

  return (
    <Modal open={open} title="Version info" onCancel={onClose} footer={null} width={520}>
      {body}
    </Modal>
  );
}
