import { PORT_MAPPING_PROTOCOL_LABELS, type PortMappingSettings } from '@netloom/domain';
import { Switch, Tooltip } from 'antd';
import { useState } from 'react';
import { putAt, removeAt } from './items';
import { NetworkPage } from './NetworkPage';
import { PortMappingModal, wanLabel } from './PortMappingModal';
import { RuleList } from './RuleList';
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
  const [toggling, setToggling] = useState<string | null>(null);
  const { settings } = editor;

  async function handleToggle(index: number, m: PortMappingSettings, enabled: boolean) {
    setToggling(m.name);
    await editor.save({ ...settings, portMappings: putAt(settings.portMappings, index, { ...m, enabled }) });
    setToggling(null);
  }

  return (
    <RuleList
      editor={editor}
      list="portMappings"
      noun={['mapping', 'mappings']}
      rowKey={(m) => m.name}
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
          render: (_, m) => (
            <Tooltip title={editor.disabledReason}>
              <Switch
                size="small"
                checked={m.enabled}
                loading={toggling === m.name}
                disabled={!editor.canEdit || toggling !== null}
                aria-label={`Mapping ${m.name} enabled`}
                onChange={(on) => handleToggle(settings.portMappings.indexOf(m), m, on)}
              />
            </Tooltip>
          ),
        },
      ]}
      label={(m) => `mapping ${m.name}`}
      deletion={(m, index) => ({
        subject: `port mapping ${m.name}`,
        content: `External ports ${m.externalPorts} on ${wanLabel(editor, m.wanPort)} stop forwarding to ${m.internalIp}.`,
        candidate: { ...settings, portMappings: removeAt(settings.portMappings, index) },
      })}
      Dialog={PortMappingModal}
    />
  );
}
