import { PORT_MAPPING_PROTOCOL_LABELS, type PortMappingSettings } from '@netloom/domain';
import { Switch, Tooltip } from 'antd';
import { useState } from 'react';
import { type Editing, putAt, removeAt } from './items';
import { NetworkPage } from './NetworkPage';
import { PortMappingModal, wanLabel } from './PortMappingModal';
import { RowActions, RuleTableCard, useDeleteRule } from './RuleTableCard';
import type { NetworkEditor } from './useNetworkEditor';

/** /manage/networkconf/port — port mappings (virtual servers) of the gateway. */
export default function PortMappingPage() {
  return (
    <NetworkPage
      title="Port mapping"
      description="Forward ports of a WAN address to servers inside the network."
    >
      {(editor) => <MappingTable editor={editor} />}
    </NetworkPage>
  );
}

function MappingTable({ editor }: { editor: NetworkEditor }) {
  const [editing, setEditing] = useState<Editing>(null);
  const [toggling, setToggling] = useState<string | null>(null);
  const confirmDelete = useDeleteRule(editor);
  const { settings, view } = editor;

  async function handleToggle(index: number, m: PortMappingSettings, enabled: boolean) {
    setToggling(m.name);
    await editor.save({ ...settings, portMappings: putAt(settings.portMappings, index, { ...m, enabled }) });
    setToggling(null);
  }

  return (
    <>
      <RuleTableCard<PortMappingSettings>
        editor={editor}
        noun={['mapping', 'mappings']}
        rows={settings.portMappings}
        rowKey={(m) => m.name}
        limit={view.gateway?.rules.portMappings ?? 0}
        onAdd={() => setEditing({ index: null })}
        emptyText="No port mappings — add one to reach a camera, NVR or server from the internet."
        testId="port-mapping-table"
        columns={[
          { title: 'Rule name', dataIndex: 'name', ellipsis: true },
          { title: 'Internal server', dataIndex: 'internalIp' },
          { title: 'Internal ports', dataIndex: 'internalPorts' },
          { title: 'External ports', dataIndex: 'externalPorts' },
          {
            title: 'Protocol',
            dataIndex: 'protocol',
            render: (p: PortMappingSettings['protocol']) => PORT_MAPPING_PROTOCOL_LABELS[p],
          },
          { title: 'WAN port', dataIndex: 'wanPort', render: (p: number) => wanLabel(editor, p) },
          {
            title: 'Enabled',
            key: 'enabled',
            width: 100,
            render: (_, m) => {
              const index = settings.portMappings.indexOf(m);
              return (
                <Tooltip title={editor.disabledReason}>
                  <Switch
                    size="small"
                    checked={m.enabled}
                    loading={toggling === m.name}
                    disabled={!editor.canEdit || toggling !== null}
                    aria-label={`Mapping ${m.name} enabled`}
                    onChange={(on) => handleToggle(index, m, on)}
                  />
                </Tooltip>
              );
            },
          },
          {
            title: 'Actions',
            key: 'actions',
            width: 170,
            render: (_, m) => {
              const index = settings.portMappings.indexOf(m);
              return (
                <RowActions
                  editor={editor}
                  label={`mapping ${m.name}`}
                  onEdit={() => setEditing({ index })}
                  onDelete={() =>
                    confirmDelete({
                      subject: `port mapping ${m.name}`,
                      content: `External ports ${m.externalPorts} on ${wanLabel(editor, m.wanPort)} stop forwarding to ${m.internalIp}.`,
                      candidate: { ...settings, portMappings: removeAt(settings.portMappings, index) },
                    })
                  }
                />
              );
            },
          },
        ]}
      />
      {editing ? (
        <PortMappingModal editor={editor} index={editing.index} onClose={() => setEditing(null)} />
      ) : null}
    </>
  );
}
