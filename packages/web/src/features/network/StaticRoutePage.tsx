import { segmentText } from './format';
import { removeAt } from './items';
import { NetworkPage } from './NetworkPage';
import { RuleList } from './RuleList';
import { StaticRouteModal } from './StaticRouteModal';

/** /manage/networkconf/static — static routes of the gateway. */
export default function StaticRoutePage() {
  return (
    <NetworkPage
      title="Static route"
      description="Routes to networks the gateway reaches through another router."
    >
      {(editor) => (
        <RuleList
          editor={editor}
          list="staticRoutes"
          noun={['route', 'routes']}
          rowKey={(r) => r.name}
          emptyText="No static routes — the gateway sends everything it has no route for to the internet."
          testId="route-rules-table"
          columns={[
            { title: 'Rule name', dataIndex: 'name', ellipsis: true },
            { title: 'Destination network', dataIndex: 'destination' },
            { title: 'Subnet mask', dataIndex: 'mask' },
            { title: 'Segment', key: 'segment', render: (_, r) => segmentText(r.destination, r.mask) },
            { title: 'Next hop', dataIndex: 'nextHop' },
          ]}
          label={(r) => `route ${r.name}`}
          deletion={(r, index) => ({
            subject: `route ${r.name}`,
            content: `Traffic to ${segmentText(r.destination, r.mask)} follows the default route again.`,
            candidate: { ...editor.settings, staticRoutes: removeAt(editor.settings.staticRoutes, index) },
          })}
          Dialog={StaticRouteModal}
        />
      )}
    </NetworkPage>
  );
}
