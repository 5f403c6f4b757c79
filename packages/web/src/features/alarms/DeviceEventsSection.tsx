import { Button, Empty, Flex, List, Skeleton, Typography } from 'antd';
import { useNavigate } from 'react-router';
import { formatDateTime } from '../../components/format';
import { AlarmClearState } from './AlarmClearState';
import { useAlarmList } from './api';
import { SeverityTag } from './SeverityTag';
import './alarms.css';
import { MENU_PAGES } from '../../navigation/paths';

/** Events the drawer shows: the newest alarms and log lines of the device. */
const RECENT = 8;

/** Device drawer section: the device's latest alarms and log lines, live, with a link to all of them. */
export function DeviceEventsSection({ projectId, deviceId }: { projectId: number; deviceId: number }) {
  const navigate = useNavigate();
  const events = useAlarmList(projectId, { kind: 'all', deviceId, page: 1, pageSize: RECENT });
  const items = events.data?.items ?? [];
  return (
    <section className="nl-device-events" data-testid="device-events">
      <Flex justify="space-between" align="baseline">
        <Typography.Title level={5}>Recent events</Typography.Title>
        <Button size="small" onClick={() => navigate(`${MENU_PAGES.alarms}?deviceId=${deviceId}`)}>
          All alarms of this device
        </Button>
      </Flex>
      {events.isError ? (
        <Typography.Text type="secondary">The device’s events could not be loaded.</Typography.Text>
      ) : events.isPending ? (
        <Skeleton active title={false} paragraph={{ rows: 3 }} />
      ) : items.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="No events reported by this device yet." />
      ) : (
        <List
          size="small"
          dataSource={items}
          renderItem={(e) => (
            <List.Item key={e.id} data-testid="device-event" data-kind={e.kind}>
              <Flex gap={12} align="center" style={{ width: '100%', minWidth: 0 }}>
                <SeverityTag severity={e.severity} />
                <Flex vertical style={{ flex: 1, minWidth: 0 }}>
                  <Typography.Text strong={e.kind === 'alarm' && e.read === 0} ellipsis={{ tooltip: e.text }}>
                    {e.text}
                  </Typography.Text>
                  <AlarmClearState alarm={e} />
                </Flex>
                <Typography.Text type="secondary" className="nl-nowrap">
                  {e.kind === 'log' ? 'Log · ' : ''}
                  {formatDateTime(e.at)}
                </Typography.Text>
              </Flex>
            </List.Item>
          )}
        />
      )}
    </section>
  );
}
