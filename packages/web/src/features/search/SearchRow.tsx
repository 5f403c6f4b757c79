import {
  ApartmentOutlined,
  AppstoreOutlined,
  GlobalOutlined,
  HddOutlined,
  MobileOutlined,
  SettingOutlined,
  WifiOutlined,
} from '@ant-design/icons';
import { clientDisplayName, DEVICE_TYPE_LABELS, type DeviceType, deviceDisplayStatus } from '@netloom/domain';
import { Badge } from 'antd';
import type { ReactNode } from 'react';
import { Highlight } from './Highlight';
import type { SearchItem } from './results';

const DEVICE_ICONS: Partial<Record<string, ReactNode>> = {
  ap: <WifiOutlined />,
  mesh: <WifiOutlined />,
  wrouter: <WifiOutlined />,
  switch: <ApartmentOutlined />,
  router: <GlobalOutlined />,
  v7: <GlobalOutlined />,
};
const STATUS_DOT = {
  online: 'success',
  offline: 'default',
  upgrading: 'processing',
  rebooting: 'warning',
  failed: 'error',
} as const;

/** Identity fields of a line, the matched one highlighted, empty ones left out. */
function Fields({
  fields,
  query,
}: {
  fields: [string, string | null | undefined, boolean][];
  query: string;
}) {
  const shown = fields.filter(([, v]) => v);
  return (
    <>
      {shown.map(([label, value, matched], i) => (
        <span key={label}>
          {i > 0 ? ' · ' : ''}
          {label ? `${label} ` : ''}
          <span className={matched ? 'nl-mono nl-search-strong' : 'nl-mono'}>
            {matched ? <Highlight text={value ?? ''} query={query} /> : value}
          </span>
        </span>
      ))}
    </>
  );
}

function Line({
  icon,
  title,
  sub,
  project,
}: {
  icon: ReactNode;
  title: ReactNode;
  sub: ReactNode;
  project: string | null;
}) {
  return (
    <>
      <span className="nl-search-icon">{icon}</span>
      <span className="nl-search-text">
        <span className="nl-search-title">{title}</span>
        <span className="nl-search-sub">{sub}</span>
      </span>
      {project ? (
        <span className="nl-search-project" title={`Project ${project}`}>
          {project}
        </span>
      ) : null}
    </>
  );
}

/** One result: a device, a client or a page, with what matched and the project it is in. */
export function SearchRow({ item, query }: { item: SearchItem; query: string }) {
  if (item.kind === 'device') {
    const d = item.hit;
    const status = deviceDisplayStatus(d.status);
    return (
      <Line
        icon={DEVICE_ICONS[d.type] ?? <HddOutlined />}
        project={d.projectName}
        title={
          <>
            <Badge status={STATUS_DOT[status.key]} />
            <Highlight text={d.name} query={d.match === 'name' ? query : ''} />
          </>
        }
        sub={
          <>
            {DEVICE_TYPE_LABELS[d.type as DeviceType] ?? d.type}
            {d.model ? (
              <>
                {' · '}
                <Highlight text={d.model} query={d.match === 'model' ? query : ''} />
              </>
            ) : null}
            {' · '}
            <Fields
              query={query}
              fields={[
                ['SN', d.sn, d.match === 'sn'],
                ['MAC', d.mac, d.match === 'mac'],
                ['IP', d.ip, d.match === 'ip'],
              ]}
            />
          </>
        }
      />
    );
  }
  if (item.kind === 'client') {
    const c = item.hit;
    const shown = clientDisplayName(c);
    return (
      <Line
        icon={<MobileOutlined />}
        project={c.projectName}
        title={
          <>
            <Highlight text={shown} query={c.match === 'alias' || c.match === 'name' ? query : ''} />
            {c.alias && c.name ? <span className="nl-search-aside"> reports “{c.name}”</span> : null}
          </>
        }
        sub={
          <Fields
            query={query}
            fields={[
              ['', c.mac, c.match === 'mac'],
              ['', c.ip, c.match === 'ip'],
              ['SSID', c.ssid, false],
              ['VLAN', c.vlan === null ? null : String(c.vlan), false],
              ['on', c.deviceName, false],
            ]}
          />
        }
      />
    );
  }
  const p = item.hit;
  return (
    <Line
      icon={p.key === 'switchPorts' ? <AppstoreOutlined /> : <SettingOutlined />}
      project={p.projectName}
      title={<Highlight text={p.title} query={query} />}
      sub={p.trail.join(' › ')}
    />
  );
}
