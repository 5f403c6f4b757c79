import { ArrowUpOutlined, ThunderboltFilled } from '@ant-design/icons';
import type { PortSettings, SwitchConfigView } from '@netloom/domain';
import { Button, Flex, Tooltip, Typography } from 'antd';
import { type KeyboardEvent, type MouseEvent, useMemo, useRef } from 'react';
import {
  editablePortIds,
  formatWatts,
  type PanelPort,
  panelLayout,
  portAriaLabel,
  type Selection,
  type SelectionClick,
  selectAll,
} from './portPanelModel';

interface PortPanelProps {
  view: Pick<SwitchConfigView, 'ports' | 'live' | 'device'>;
  /** The settings being edited (markers follow unsaved edits: disabled, trunk). */
  ports: readonly PortSettings[];
  selection: Selection;
  onSelect(click: SelectionClick): void;
  onSelectAll(selection: Selection): void;
}

/**
 * The switch's front: copper ports in printed order (two rows, odd numbers on top, past 10 ports),
 * SFP cages apart at the right. Each port shows its link (green ≥ 1 Gbps, amber below, grey down),
 * speed, PoE draw, uplink and trunk markers; disabled ports are crossed out. Click, Space or Enter
 * selects a port; Shift extends, Ctrl/Cmd toggles; arrow keys move between ports.
 */
export function PortPanel({ view, ports, selection, onSelect, onSelectAll }: PortPanelProps) {
  const layout = useMemo(() => panelLayout(view, ports), [view, ports]);
  const order = useMemo(() => editablePortIds(ports), [ports]);
  const selected = new Set(selection.ids);
  const frontRef = useRef<HTMLFieldSetElement>(null);
  const allSelected = order.length > 0 && order.every((id) => selected.has(id));

  const click = (id: number, e: MouseEvent | KeyboardEvent) =>
    onSelect({ id, shift: e.shiftKey, toggle: e.ctrlKey || e.metaKey });

  const handleKey = (id: number, e: KeyboardEvent<HTMLButtonElement>) => {
    const step = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 }[e.key];
    if (step === undefined) return;
    e.preventDefault();
    const all = [...(frontRef.current?.querySelectorAll<HTMLButtonElement>('button[data-port]') ?? [])].sort(
      (a, b) => Number(a.dataset.port) - Number(b.dataset.port),
    );
    const at = all.findIndex((b) => Number(b.dataset.port) === id);
    const next = all[at + step];
    next?.focus();
    if (next && e.shiftKey) click(Number(next.dataset.port), e);
  };

  const renderPort = (p: PanelPort) => {
    const editable = p.settings !== undefined;
    const isSelected = selected.has(p.spec.id);
    const classes = [
      'nl-pp-port',
      `nl-pp-${p.look}`,
      p.spec.media === 'copper' ? '' : 'nl-pp-sfp',
      isSelected ? 'nl-pp-selected' : '',
    ].filter(Boolean);
    const label = portAriaLabel(p);
    return (
      <Tooltip key={p.spec.id} title={label} mouseEnterDelay={0.4}>
        <button
          type="button"
          className={classes.join(' ')}
          aria-label={label}
          aria-pressed={isSelected}
          disabled={!editable}
          data-port={p.spec.id}
          data-look={p.look}
          data-uplink={p.uplink || undefined}
          data-trunk={p.trunk || undefined}
          onClick={(e) => click(p.spec.id, e)}
          onKeyDown={(e) => handleKey(p.spec.id, e)}
        >
          <span className="nl-pp-poe">
            {p.poeWatts !== null ? (
              <>
                <ThunderboltFilled aria-hidden /> {formatWatts(p.poeWatts).replace(' ', '')}
              </>
            ) : null}
          </span>
          <span className="nl-pp-jack">
            <span className="nl-pp-num">{p.spec.label}</span>
            {p.trunk ? (
              <span className="nl-pp-trunk" aria-hidden>
                T
              </span>
            ) : null}
            {p.uplink ? <ArrowUpOutlined className="nl-pp-uplink" aria-hidden /> : null}
          </span>
          <span className="nl-pp-speed">{p.speed}</span>
        </button>
      </Tooltip>
    );
  };

  return (
    <div className="nl-pp" data-testid="port-panel">
      <Flex justify="space-between" align="center" className="nl-pp-toolbar">
        <Typography.Text type="secondary" aria-live="polite">
          {selection.ids.length === 0
            ? 'Select a port to edit it. Shift-click selects a range, Ctrl-click adds one.'
            : `${selection.ids.length} of ${order.length} ports selected`}
        </Typography.Text>
        <Flex gap={4}>
          <Button
            size="small"
            type="link"
            disabled={allSelected}
            onClick={() => onSelectAll(selectAll(order))}
          >
            Select all
          </Button>
          <Button
            size="small"
            type="link"
            disabled={selection.ids.length === 0}
            onClick={() => onSelectAll({ ids: [], anchor: null })}
          >
            Clear
          </Button>
        </Flex>
      </Flex>
      <div className="nl-pp-scroll">
        <fieldset className="nl-pp-front" ref={frontRef} aria-label={`Ports of ${view.device.name}`}>
          <div className="nl-pp-copper">
            {layout.rows.map((row, i) => (
              <div className="nl-pp-row" key={i === 0 ? 'top' : 'bottom'}>
                {row.map(renderPort)}
              </div>
            ))}
          </div>
          {layout.cages.length > 0 ? (
            <div className="nl-pp-cages">
              {layout.cages.map((col) => (
                <div className="nl-pp-cage-col" key={col[0]?.spec.id}>
                  {col.map(renderPort)}
                </div>
              ))}
            </div>
          ) : null}
        </fieldset>
      </div>
      <PortLegend />
    </div>
  );
}

function PortLegend() {
  return (
    <div className="nl-pp-legend">
      <span>
        <i className="nl-pp-dot nl-pp-up" /> Link 1 Gbps+
      </span>
      <span>
        <i className="nl-pp-dot nl-pp-slow" /> Link below 1 Gbps
      </span>
      <span>
        <i className="nl-pp-dot nl-pp-down" /> No link
      </span>
      <span>
        <i className="nl-pp-dot nl-pp-disabled" /> Disabled
      </span>
      <span>
        <ThunderboltFilled className="nl-pp-legend-poe" /> PoE draw
      </span>
      <span>
        <span className="nl-pp-trunk nl-pp-trunk-legend">T</span> Trunk
      </span>
      <span>
        <ArrowUpOutlined className="nl-pp-legend-uplink" /> Uplink
      </span>
    </div>
  );
}
