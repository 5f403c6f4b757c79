import { ExclamationCircleFilled, PoweroffOutlined, ThunderboltFilled } from '@ant-design/icons';
import {
  DUPLEX_MODE_LABELS,
  ERR,
  errorMessage,
  POE_REBOOT_STAGE_LABELS,
  POE_REBOOT_STAGES,
  PORT_TYPE_LABELS,
  type PortNeighbour,
  type PortSettings,
  type SwitchConfigView,
} from '@netloom/domain';
import { App, Button, Table, Tag, Tooltip, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { PluggedIn } from './PluggedIn';
import { type PanelPort, speedText, toPanelPort } from './portPanelModel';
import type { PoeRebootState } from './usePoeReboots';

interface Row {
  panel: PanelPort;
  settings: PortSettings;
  /** The profile the port follows, if any. */
  profile: SwitchConfigView['profiles'][number] | undefined;
  /** What is plugged in (devices first, then wired clients). */
  neighbours: PortNeighbour[];
}

interface PortsTableProps {
  view: SwitchConfigView;
  ports: readonly PortSettings[];
  selectedIds: readonly number[];
  /** Port ids with a rule issue (marked in the first column). */
  issuePorts: ReadonlySet<number>;
  reboots: ReadonlyMap<number, PoeRebootState>;
  /** Why PoE reboot is not possible (read-only, demo), or null. */
  blockedReason: string | null;
  onSelect(ids: number[]): void;
  onPoeReboot(port: number): Promise<void>;
}

/** "Access · 1", "Trunk · 1 + 20, 30": type, untagged VLAN and tagged VLANs in one cell. */
function VlanCell({ settings: p }: { settings: PortSettings }) {
  const tagged = p.tagged.length > 0 ? ` + ${p.tagged.join(', ')}` : '';
  return (
    <span>
      {PORT_TYPE_LABELS[p.type]}
      <Typography.Text type="secondary"> · </Typography.Text>
      <span
        className="nl-mono"
        title={`Untagged ${p.untagged}${p.tagged.length ? `, tagged ${p.tagged.join(', ')}` : ''}`}
      >
        {p.untagged}
        {tagged}
      </span>
    </span>
  );
}

/** reboot → rebooting → rebooted as three dots and the current stage's word (fits a table cell). */
function RebootStages({ state }: { state: PoeRebootState }) {
  const current = POE_REBOOT_STAGES.indexOf(state.stage);
  const label = POE_REBOOT_STAGE_LABELS[state.stage];
  return (
    <span
      className="nl-poe-stages"
      role="status"
      aria-label={`PoE reboot: ${label}`}
      data-stage={state.stage}
    >
      {POE_REBOOT_STAGES.map((s, i) => (
        <i
          key={s}
          className={`nl-poe-stage-dot${i < current || state.done ? ' nl-poe-stage-done' : i === current ? ' nl-poe-stage-now' : ''}`}
        />
      ))}
      {state.done ? <Typography.Text type="success">{label}</Typography.Text> : <span>{label}…</span>}
    </span>
  );
}

/** Every port in a table: state and settings at a glance, with the per-port PoE reboot. */
export function PortsTable(props: PortsTableProps) {
  const { view, ports, selectedIds, issuePorts, reboots, blockedReason, onSelect, onPoeReboot } = props;
  const { modal } = App.useApp();
  const byId = new Map(ports.map((p) => [p.id, p]));
  const liveById = new Map(view.live.map((l) => [l.id, l]));
  const rows: Row[] = view.ports.flatMap((spec) => {
    const settings = byId.get(spec.id);
    if (!settings) return [];
    return [
      {
        settings,
        panel: toPanelPort(spec, settings, liveById.get(spec.id), view.device.uplinkPort),
        profile: view.profiles.find((p) => p.id === settings.profile),
        neighbours: view.neighbours.filter((n) => n.portId === spec.id),
      },
    ];
  });

  const confirmReboot = (port: number) =>
    modal.confirm({
      title: `PoE reboot of port ${port}?`,
      content:
        'Power to the device on this port is cut and restored. It restarts and is unreachable for about 2 minutes.',
      okText: 'Reboot PoE',
      okButtonProps: { danger: true },
      onOk: () => onPoeReboot(port),
    });

  const columns: ColumnsType<Row> = [
    {
      key: 'port',
      title: 'Port',
      width: 112,
      render: (_, r) => (
        <div className="nl-pt-port-cell">
          <span className="nl-pt-port">
            <Typography.Text strong>{r.panel.spec.label}</Typography.Text>
            {r.panel.uplink ? <Tag className="nl-pt-tag">Uplink</Tag> : null}
            {issuePorts.has(r.settings.id) ? (
              <Tooltip title="This port has a setting to fix.">
                <ExclamationCircleFilled className="nl-pt-issue" aria-label="Has a problem" />
              </Tooltip>
            ) : null}
          </span>
          {r.profile ? (
            <Tooltip title={`Follows the port profile "${r.profile.name}": ${r.profile.summary}`}>
              <Tag color="blue" className="nl-pt-profile" data-testid={`port-profile-${r.settings.id}`}>
                {r.profile.name}
              </Tag>
            </Tooltip>
          ) : null}
          {r.settings.remark ? (
            <Typography.Text
              type="secondary"
              className="nl-pt-remark"
              ellipsis={{ tooltip: r.settings.remark }}
            >
              {r.settings.remark}
            </Typography.Text>
          ) : null}
        </div>
      ),
    },
    {
      key: 'link',
      title: 'Status',
      width: 104,
      render: (_, r) => {
        const live = r.panel.live;
        if (!r.settings.enabled) {
          return (
            <span className="nl-pt-link">
              <i className="nl-pp-dot nl-pp-disabled" /> Disabled
            </span>
          );
        }
        if (!live || live.link === 'down') {
          return (
            <span className="nl-pt-link">
              <i className="nl-pp-dot nl-pp-down" /> Down
            </span>
          );
        }
        return (
          <span className="nl-pt-link" title={`${speedText(live.speed)}, ${DUPLEX_MODE_LABELS[live.duplex]}`}>
            <i className={`nl-pp-dot nl-pp-${r.panel.look}`} /> {speedText(live.speed)}
            {live.duplex === 'half' ? <Typography.Text type="warning"> · half</Typography.Text> : null}
          </span>
        );
      },
    },
    {
      key: 'vlans',
      title: 'VLANs',
      ellipsis: true,
      width: 128,
      render: (_, r) => <VlanCell settings={r.settings} />,
    },
    {
      key: 'pluggedIn',
      title: 'Plugged in',
      width: 140,
      ellipsis: true,
      render: (_, r) => <PluggedIn neighbours={r.neighbours} />,
    },
    {
      key: 'poe',
      title: 'PoE',
      width: 80,
      render: (_, r) => {
        if (r.panel.spec.poe !== 'out') return <Typography.Text type="secondary">—</Typography.Text>;
        if (!r.settings.poe) return <Typography.Text type="secondary">Off</Typography.Text>;
        if (!view.device.online) return 'On';
        return r.panel.poeWatts !== null ? (
          <span className="nl-pt-poe">
            <ThunderboltFilled aria-hidden /> {r.panel.poeWatts} W
          </span>
        ) : (
          'On · idle'
        );
      },
    },
    {
      key: 'actions',
      title: 'Actions',
      width: 132,
      render: (_, r) => {
        if (r.panel.spec.poe !== 'out') return null;
        const state = reboots.get(r.settings.id);
        if (state) return <RebootStages state={state} />;
        const blocked = blockedReason ?? (!view.device.online ? errorMessage(ERR.DEVICE_OFFLINE) : null);
        return (
          <Tooltip title={blocked}>
            <Button
              size="small"
              icon={<PoweroffOutlined />}
              disabled={blocked !== null}
              aria-label={`PoE reboot port ${r.panel.spec.label}`}
              onClick={(e) => {
                e.stopPropagation();
                confirmReboot(r.settings.id);
              }}
            >
              PoE reboot
            </Button>
          </Tooltip>
        );
      },
    },
  ];

  return (
    <Table<Row>
      size="small"
      rowKey={(r) => r.settings.id}
      columns={columns}
      dataSource={rows}
      pagination={false}
      scroll={{ x: 740 }}
      data-testid="ports-table"
      className="nl-ports-table"
      rowSelection={{
        selectedRowKeys: [...selectedIds],
        onChange: (keys) => onSelect(keys.map(Number)),
        columnWidth: 40,
      }}
      rowClassName={(r) => (selectedIds.includes(r.settings.id) ? 'nl-pt-selected' : '')}
    />
  );
}
