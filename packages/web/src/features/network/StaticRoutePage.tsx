import type { StaticRouteSettings } from '@netloom/domain';
import { useState } from 'react';
import { segmentText } from './format';
import { type Editing, removeAt } from './items';
import { NetworkPage } from './NetworkPage';
import { RowActions, RuleTableCard, useDeleteRule } from './RuleTableCard';
import { StaticRouteModal } from './StaticRouteModal';
import type { NetworkEditor } from './useNetworkEditor';

/** /manage/networkconf/static — static routes of the gateway. */
export default function StaticRoutePage() {
  return (
    <NetworkPage
      title="Static route"
      description="Routes to networks the gateway reaches through another router."
    >
      {(editor) => <RouteTable editor={editor} />}
    </NetworkPage>
  );
}

function RouteTable({ editor }: { editor: NetworkEditor }) {
  const [editing, setEditing] = useState<Editing>(null);
  const confirmDelete = useDeleteRule(editor);
  const { settings, view } = editor;
  return (
    <>
      <RuleTableCard<StaticRouteSettings>
        editor={editor}
        noun={['route', 'routes']}
        rows={settings.staticRoutes}
        rowKey={(r) => r.name}
        limit={view.gateway?.rules.staticRoutes ?? 0}
        onAdd={() => setEditing({ index: null })}
        emptyText="No static routes — the gateway sends everything it has no route for to the internet."
        testId="route-rules-table"
        columns={[
          { title: 'Rule name', dataIndex: 'name', ellipsis: true },
          { title: 'Destination network', dataIndex: 'destination' },
          { title: 'Subnet mask', dataIndex: 'mask' },
          { title: 'Segment', key: 'segment', render: (_, r) => segmentText(r.destination, r.mask) },
          { title: 'Next hop', dataIndex: 'nextHop' },
          {
            title: 'Actions',
            key: 'actions',
            width: 170,
            render: (_, r) => {
              const index = settings.staticRoutes.indexOf(r);
              return (
                <RowActions
                  editor={editor}
                  label={`route ${r.name}`}
                  onEdit={() => setEditing({ index })}
                  onDelete={() =>
                    confirmDelete({
                      subject: `route ${r.name}`,
                      content: `Traffic to ${segmentText(r.destination, r.mask)} follows the default route again.`,
                      candidate: { ...settings, staticRoutes: removeAt(settings.staticRoutes, index) },
                    })
                  }
                />
              );
            },
          },
        ]}
      />
      {editing ? (
        <StaticRouteModal editor={editor} index={editing.index} onClose={() => setEditing(null)} />
      ) : null}
    </>
  );
}
