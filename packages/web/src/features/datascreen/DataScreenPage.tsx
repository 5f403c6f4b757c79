import {
  CloseOutlined,
  FullscreenExitOutlined,
  FullscreenOutlined,
  SettingOutlined,
} from '@ant-design/icons';
import {
  ALARM_SEVERITY_LABELS,
  DATA_SCREEN_MAP_RANGE_LABELS,
  DATA_SCREEN_TOP_PROJECTS,
  type DataScreenMapRange,
  type DataScreenProject,
  type DataScreenSummary,
  formatRate,
} from '@netloom/domain';
import { Button, Segmented, Spin, Tooltip } from 'antd';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { useLiveStatus } from '../../api/live';
import { MENU_PAGES } from '../../navigation/paths';
import {
  useDataScreenLive,
  useDataScreenSettings,
  useDataScreenSummary,
  useSaveDataScreenSettings,
} from './api';
import { GeoMap, type MapMarker } from './GeoMap';
import { loadChina, loadWorld, type MapData } from './geo';
import { SettingsDrawer } from './SettingsDrawer';
import { TrendChart } from './TrendChart';
import './datascreen.css';

/** The size of an element, followed as it resizes (the map fills its panel). */
function useSize<T extends HTMLElement>() {
  const ref = useRef<T>(null);
  const [size, setSize] = useState({ width: 0, height: 0 });
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const observer = new ResizeObserver(([entry]) => {
      if (!entry) return;
      const { width, height } = entry.contentRect;
      setSize({ width: Math.floor(width), height: Math.floor(height) });
    });
    observer.observe(el);
    return () => observer.disconnect();
  }, []);
  return [ref, size] as const;
}

function useMapData(range: DataScreenMapRange): MapData | null {
  const [data, setData] = useState<MapData | null>(null);
  useEffect(() => {
    let live = true;
    (range === 'china' ? loadChina() : loadWorld()).then((d) => {
      if (live) setData(d);
    });
    return () => {
      live = false;
    };
  }, [range]);
  return data?.range === range ? data : null;
}

function useClock(): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const t = setInterval(() => setNow(new Date()), 1000);
    return () => clearInterval(t);
  }, []);
  return now;
}

const number = new Intl.NumberFormat('en-US');

function Kpi({ label, value, sub, tone }: { label: string; value: string; sub?: string; tone?: string }) {
  return (
    <div className={`nl-ds-kpi ${tone ? `is-${tone}` : ''}`} data-testid={`kpi-${label}`}>
      <div className="nl-ds-kpi-label">{label}</div>
      <div className="nl-ds-kpi-value">{value}</div>
      {sub ? <div className="nl-ds-kpi-sub">{sub}</div> : null}
    </div>
  );
}

function Panel({
  title,
  extra,
  children,
  className,
}: {
  title: string;
  extra?: React.ReactNode;
  children: React.ReactNode;
  className?: string;
}) {
  return (
    <section className={`nl-ds-panel ${className ?? ''}`} aria-label={title}>
      <header className="nl-ds-panel-head">
        <h2>{title}</h2>
        {extra}
      </header>
      <div className="nl-ds-panel-body">{children}</div>
    </section>
  );
}

function TopList({
  items,
  value,
  format,
  empty,
}: {
  items: DataScreenProject[];
  value: (p: DataScreenProject) => number;
  format: (n: number) => string;
  empty: string;
}) {
  const top = [...items]
    .sort((a, b) => value(b) - value(a) || a.name.localeCompare(b.name))
    .slice(0, DATA_SCREEN_TOP_PROJECTS);
  const max = Math.max(1, ...top.map(value));
  if (top.length === 0) return <div className="nl-ds-empty">{empty}</div>;
  return (
    <ol className="nl-ds-top">
      {top.map((p, i) => (
        <li key={p.id}>
          <span className="nl-ds-rank">{i + 1}</span>
          <span className="nl-ds-top-name" title={p.name}>
            {p.name}
          </span>
          <span className="nl-ds-top-value">{format(value(p))}</span>
          <span className="nl-ds-bar">
            <span style={{ width: `${(value(p) / max) * 100}%` }} />
          </span>
        </li>
      ))}
    </ol>
  );
}

function timeOf(at: number): string {
  const d = new Date(at);
  const sameDay = d.toDateString() === new Date().toDateString();
  return sameDay
    ? d.toLocaleTimeString('en-GB', { hour: '2-digit', minute: '2-digit' })
    : d.toLocaleDateString('en-GB', { day: '2-digit', month: 'short' });
}

function markersOf(s: DataScreenSummary): MapMarker[] {
  const max = Math.max(1, ...s.projects.map((p) => p.clients));
  return s.projects.flatMap((p) =>
    p.place
      ? [
          {
            id: p.id,
            lat: p.place.lat,
            lng: p.place.lng,
            label: p.name,
            detail: `${p.name} — ${p.place.city}\n${p.onlineDevices}/${p.devices} devices online · ${number.format(p.clients)} clients · ${formatRate(p.txRate + p.rxRate, 1)}${p.alarmsUnread > 0 ? ` · ${p.alarmsUnread} unread alarms` : ''}`,
            tone:
              p.devices > 0 && p.onlineDevices === 0
                ? ('idle' as const)
                : p.onlineDevices < p.devices || p.alarmsUnread > 0
                  ? ('warn' as const)
                  : ('ok' as const),
            weight: p.clients / max,
          },
        ]
      : [],
  );
}

/**
 * The project data screen (issue 12 §4): a wall display of every project of the account on a map
 * of the world or China, with the totals now, the last 24 hours, the top projects and the latest
 * alarms — live through the live channel. Laid out for 1920×1080, readable at 1366×768.
 */
export default function DataScreenPage() {
  const navigate = useNavigate();
  const summary = useDataScreenSummary();
  const settings = useDataScreenSettings();
  const save = useSaveDataScreenSettings();
  const live = useLiveStatus();
  useDataScreenLive();
  const now = useClock();
  const [settingsOpen, setSettingsOpen] = useState(false);
  const [fullscreen, setFullscreen] = useState(false);
  const range = settings.data?.range ?? 'world';
  const mapData = useMapData(range);
  const [mapRef, mapSize] = useSize<HTMLDivElement>();

  useEffect(() => {
    const onChange = () => setFullscreen(document.fullscreenElement !== null);
    document.addEventListener('fullscreenchange', onChange);
    return () => document.removeEventListener('fullscreenchange', onChange);
  }, []);

  const s = summary.data;
  const highlighted = useMemo(
    () => new Set(range === 'world' ? (settings.data?.countries ?? []) : []),
    [range, settings.data],
  );
  const markers = useMemo(() => (s ? markersOf(s) : []), [s]);
  const unplaced = s?.projects.filter((p) => !p.place) ?? [];
  const online = s && s.kpis.devices > 0 ? Math.round((s.kpis.onlineDevices / s.kpis.devices) * 100) : null;

  const setRange = (next: DataScreenMapRange) => {
    if (!settings.data) return;
    save.mutate({ ...settings.data, range: next });
  };

  return (
    <div className="nl-ds" data-testid="datascreen">
      <header className="nl-ds-header">
        <div className="nl-ds-brand">
          <span className="nl-ds-logo" aria-hidden>
            N
          </span>
          Netloom
        </div>
        <h1 className="nl-ds-title" data-testid="datascreen-title">
          {settings.data?.title ?? ' '}
        </h1>
        <div className="nl-ds-tools">
          <span className={`nl-ds-live is-${live}`}>
            <span className="nl-ds-live-dot" />
            {live === 'live' ? 'Live' : live === 'connecting' ? 'Connecting' : 'Offline'}
          </span>
          <span className="nl-ds-clock">
            {now.toLocaleDateString('en-GB', { weekday: 'short', day: '2-digit', month: 'short' })}{' '}
            <b>{now.toLocaleTimeString('en-GB')}</b>
          </span>
          <Segmented<DataScreenMapRange>
            className="nl-ds-range"
            aria-label="Map range"
            value={range}
            onChange={setRange}
            options={(['world', 'china'] as const).map((r) => ({
              value: r,
              label: DATA_SCREEN_MAP_RANGE_LABELS[r],
            }))}
          />
          <Tooltip title="Screen settings">
            <Button
              type="text"
              className="nl-ds-icon"
              icon={<SettingOutlined />}
              aria-label="Screen settings"
              onClick={() => setSettingsOpen(true)}
            />
          </Tooltip>
          <Tooltip title={fullscreen ? 'Leave full screen' : 'Full screen'}>
            <Button
              type="text"
              className="nl-ds-icon"
              aria-label={fullscreen ? 'Leave full screen' : 'Full screen'}
              icon={fullscreen ? <FullscreenExitOutlined /> : <FullscreenOutlined />}
              onClick={() =>
                fullscreen
                  ? void document.exitFullscreen()
                  : void document.documentElement.requestFullscreen?.()
              }
            />
          </Tooltip>
          <Tooltip title="Back to the console">
            <Button
              type="text"
              className="nl-ds-icon"
              icon={<CloseOutlined />}
              aria-label="Close data screen"
              onClick={() => navigate(MENU_PAGES.projectOverview)}
            />
          </Tooltip>
        </div>
      </header>

      <main className="nl-ds-main">
        <div className="nl-ds-col">
          <Panel title="Clients · last 24 hours">
            <TrendChart points={s?.trend ?? []} kind="clients" />
          </Panel>
          <Panel title="Internet traffic · last 24 hours">
            <TrendChart points={s?.trend ?? []} kind="traffic" />
          </Panel>
          <Panel title="Device health">
            <div className="nl-ds-health">
              <div className="nl-ds-ring" style={{ ['--p' as string]: `${online ?? 0}` }}>
                <span>{online === null ? '–' : `${online}%`}</span>
                <small>online</small>
              </div>
              <ul>
                <li>
                  <i className="is-ok" /> Online <b>{s ? number.format(s.kpis.onlineDevices) : '–'}</b>
                </li>
                <li>
                  <i className="is-idle" /> Offline <b>{s ? number.format(s.kpis.offlineDevices) : '–'}</b>
                </li>
                <li>
                  <i className="is-warn" /> With alarms{' '}
                  <b>{s ? s.projects.filter((p) => p.alarmsUnread > 0).length : '–'}</b>
                </li>
              </ul>
            </div>
          </Panel>
        </div>

        <div className="nl-ds-center">
          <div className="nl-ds-kpis">
            <Kpi
              label="Projects"
              value={s ? number.format(s.kpis.projects) : '–'}
              sub={s ? `${s.projects.length - unplaced.length} on the map` : undefined}
            />
            <Kpi
              label="Devices online"
              value={s ? number.format(s.kpis.onlineDevices) : '–'}
              sub={
                online === null ? 'No devices yet' : `${online}% of ${number.format(s?.kpis.devices ?? 0)}`
              }
              tone="ok"
            />
            <Kpi
              label="Devices offline"
              value={s ? number.format(s.kpis.offlineDevices) : '–'}
              tone={s && s.kpis.offlineDevices > 0 ? 'warn' : undefined}
            />
            <Kpi label="Clients now" value={s ? number.format(s.kpis.clients) : '–'} tone="info" />
            <Kpi
              label="Traffic now"
              value={s ? formatRate(s.kpis.txRate + s.kpis.rxRate, 1) : '–'}
              sub={s ? `↑ ${formatRate(s.kpis.txRate, 1)}  ↓ ${formatRate(s.kpis.rxRate, 1)}` : undefined}
              tone="info"
            />
            <Kpi
              label="Unread alarms"
              value={s ? number.format(s.kpis.alarmsUnread) : '–'}
              tone={s && s.kpis.alarmsUnread > 0 ? 'alarm' : undefined}
            />
          </div>
          <section className="nl-ds-map" aria-label="Project map">
            <div className="nl-ds-map-canvas" ref={mapRef}>
              {mapData && mapSize.width > 0 ? (
                <GeoMap
                  data={mapData}
                  width={mapSize.width}
                  height={mapSize.height}
                  highlighted={highlighted}
                  markers={markers}
                  labels={markers.length <= 12}
                  ariaLabel={`${DATA_SCREEN_MAP_RANGE_LABELS[range]} map of projects`}
                  className="is-dark"
                />
              ) : (
                <div className="nl-ds-map-loading">
                  <Spin />
                </div>
              )}
            </div>
            <div className="nl-ds-legend">
              <span>
                <i className="is-ok" /> All online
              </span>
              <span>
                <i className="is-warn" /> Offline devices or alarms
              </span>
              <span>
                <i className="is-idle" /> No device online
              </span>
              {range === 'world' && highlighted.size > 0 ? (
                <span>
                  <i className="is-country" /> Highlighted countries
                </span>
              ) : null}
            </div>
            {unplaced.length > 0 ? (
              <div className="nl-ds-unplaced" data-testid="not-on-map">
                <b>Not on the map ({unplaced.length})</b>
                <span>{unplaced.map((p) => p.name).join(' · ')}</span>
                <small>Set a location in the project’s settings to plot it.</small>
              </div>
            ) : null}
          </section>
        </div>

        <div className="nl-ds-col">
          <Panel title="Top projects by clients">
            <TopList
              items={s?.projects ?? []}
              value={(p) => p.clients}
              format={(n) => number.format(n)}
              empty="No projects yet"
            />
          </Panel>
          <Panel title="Top projects by traffic">
            <TopList
              items={s?.projects ?? []}
              value={(p) => p.txRate + p.rxRate}
              format={(n) => formatRate(n, 1)}
              empty="No projects yet"
            />
          </Panel>
          <Panel title="Recent alarms" className="is-alarms">
            {s && s.recentAlarms.length > 0 ? (
              <ul className="nl-ds-alarms">
                {s.recentAlarms.map((a) => (
                  <li key={a.id} className={`is-${a.severity}`}>
                    <span className="nl-ds-sev">{ALARM_SEVERITY_LABELS[a.severity]}</span>
                    <span className="nl-ds-alarm-text" title={a.text}>
                      {a.text}
                    </span>
                    <span className="nl-ds-alarm-meta">
                      {a.projectName} · {a.deviceName} · {timeOf(a.at)}
                    </span>
                  </li>
                ))}
              </ul>
            ) : (
              <div className="nl-ds-empty">No alarms — all quiet.</div>
            )}
          </Panel>
        </div>
      </main>
      {settings.data ? (
        <SettingsDrawer open={settingsOpen} settings={settings.data} onClose={() => setSettingsOpen(false)} />
      ) : null}
    </div>
  );
}
