import { ReloadOutlined } from '@ant-design/icons';
import { ERR, type ROUTE_TYPES, type RouteTableEntry } from '@netloom/domain';
import { Alert, Button, Card, Empty, Flex, Skeleton, Table, Tag, Typography } from 'antd';
import { ApiError } from '../../api/client';
import { formatDateTime } from '../../components/format';
import { useRouteTable } from './api';
import { segmentText } from './format';
import { NetworkPage } from './NetworkPage';
import type { NetworkEditor } from './useNetworkEditor';

type RouteType = (typeof ROUTE_TYPES)[number];
const TYPE_LOOK: Record<RouteType, { label: string; color: string }> = {
  connected: { label: 'Connected', color: 'blue' },
  static: { label: 'Static', color: 'purple' },
  default: { label: 'Default', color: 'green' },
};

/** /manage/networkconf/router — the gateway's active routes, read live from the device. */
export default function RouteTablePage() {
  return (
    <NetworkPage title="Route table" description="The routes the gateway uses now, read from the device.">
      {(editor) => <LiveRoutes editor={editor} />}
    </NetworkPage>
  );
}

function LiveRoutes({ editor }: { editor: NetworkEditor }) {
  const routes = useRouteTable(editor.projectId, editor.view.gateway !== null);
  const error = routes.error;
  const offline =
    error instanceof ApiError && (error.code === ERR.DEVICE_OFFLINE || error.code === ERR.DEVICE_OFFLINE_ALT);

  return (
    <Card className="nl-table-card nl-net-card" data-testid="route-table">
      <Flex justify="space-between" align="center" gap={12} wrap className="nl-table-toolbar">
        <Typography.Text type="secondary">
          {routes.data
            ? `${routes.data.entries.length} routes · read ${formatDateTime(routes.data.readAt)}`
            : 'Routes are read from the gateway when you open this page.'}
        </Typography.Text>
        <Button icon={<ReloadOutlined />} loading={routes.isFetching} onClick={() => routes.refetch()}>
          Refresh
        </Button>
      </Flex>
      {error ? (
        <Alert
          type={offline ? 'warning' : 'error'}
          showIcon
          title={offline ? error.message : 'The route table could not be read.'}
          description={
            offline
              ? 'The route table is read live from the gateway. It shows again once the gateway is back online.'
              : error.message
          }
          data-testid="route-table-error"
        />
      ) : routes.isPending ? (
        <Skeleton active title={false} paragraph={{ rows: 6 }} />
      ) : (
        <Table<RouteTableEntry>
          rowKey={(r) => `${r.destination}/${r.mask}/${r.gateway}/${r.interface}`}
          size="middle"
          dataSource={routes.data.entries}
          pagination={routes.data.entries.length > 50 ? { pageSize: 50, showSizeChanger: false } : false}
          scroll={{ x: 'max-content' }}
          locale={{
            emptyText: (
              <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="The gateway reports no routes." />
            ),
          }}
          columns={[
            { title: 'Destination', dataIndex: 'destination' },
            { title: 'Subnet mask', dataIndex: 'mask' },
            { title: 'Network', key: 'segment', render: (_, r) => segmentText(r.destination, r.mask) },
            { title: 'Gateway', dataIndex: 'gateway' },
            { title: 'Interface', dataIndex: 'interface' },
            { title: 'Metric', dataIndex: 'metric', width: 90 },
            {
              title: 'Type',
              dataIndex: 'type',
              width: 120,
              render: (t: RouteType) => <Tag color={TYPE_LOOK[t].color}>{TYPE_LOOK[t].label}</Tag>,
            },
          ]}
        />
      )}
    </Card>
  );
}
