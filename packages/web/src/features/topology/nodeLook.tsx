import {
  ApiOutlined,
  CloudOutlined,
  ClusterOutlined,
  DatabaseOutlined,
  DeploymentUnitOutlined,
  GatewayOutlined,
  GlobalOutlined,
  HddOutlined,
  QuestionCircleOutlined,
  VideoCameraOutlined,
  WifiOutlined,
} from '@ant-design/icons';
import type { DeviceType, DisplayStatusKey } from '@netloom/domain';
import type { GlobalToken } from 'antd';
import type { ReactNode } from 'react';

/** Families of §3 node types: one icon colour each, so the eye finds the gateways, switches, APs. */
type Family = 'internet' | 'gateway' | 'switch' | 'wireless' | 'mesh' | 'video' | 'bridge' | 'unknown';

// Hues that are not status colours (green, grey, blue, orange, red are taken by status, UI.md).
const FAMILY_COLOUR: Record<Family, string> = {
  internet: '#1f5eff',
  gateway: '#722ed1',
  switch: '#08979c',
  wireless: '#2f54eb',
  mesh: '#531dab',
  video: '#c41d7f',
  bridge: '#1d39c4',
  unknown: '#8c8c8c',
};

/** Every §3 topology type's icon and family (a type added to the domain fails to compile here). */
const LOOK: Record<DeviceType, { icon: ReactNode; family: Family }> = {
  internet: { icon: <GlobalOutlined />, family: 'internet' },
  unknown_net: { icon: <CloudOutlined />, family: 'unknown' },
  unknown_dev: { icon: <QuestionCircleOutlined />, family: 'unknown' },
  router: { icon: <ClusterOutlined />, family: 'gateway' },
  v7: { icon: <GatewayOutlined />, family: 'gateway' },
  wrouter: { icon: <GatewayOutlined />, family: 'gateway' },
  switch: { icon: <HddOutlined />, family: 'switch' },
  mesh: { icon: <DeploymentUnitOutlined />, family: 'mesh' },
  ap: { icon: <WifiOutlined />, family: 'wireless' },
  expand_ap: { icon: <WifiOutlined />, family: 'wireless' },
  wired_ap: { icon: <WifiOutlined />, family: 'wireless' },
  wired_ap_has_child: { icon: <WifiOutlined />, family: 'wireless' },
  wireless_ap: { icon: <WifiOutlined />, family: 'wireless' },
  nvr: { icon: <DatabaseOutlined />, family: 'video' },
  ipc: { icon: <VideoCameraOutlined />, family: 'video' },
  expand_ipc: { icon: <VideoCameraOutlined />, family: 'video' },
  expand_ipc_wireless: { icon: <VideoCameraOutlined />, family: 'video' },
  cpe: { icon: <ApiOutlined />, family: 'bridge' },
  expand_cpe: { icon: <ApiOutlined />, family: 'bridge' },
};

export function kindIcon(kind: DeviceType): ReactNode {
  return LOOK[kind].icon;
}

export function kindColour(kind: DeviceType): string {
  return FAMILY_COLOUR[LOOK[kind].family];
}

/** The status colours of UI.md from the theme: online green, offline grey, upgrading blue… */
const STATUS_TOKEN: Record<DisplayStatusKey, keyof GlobalToken> = {
  online: 'colorSuccess',
  offline: 'colorTextQuaternary',
  upgrading: 'colorPrimary',
  rebooting: 'colorWarning',
  failed: 'colorError',
};

export function statusColour(key: DisplayStatusKey, token: GlobalToken): string {
  return String(token[STATUS_TOKEN[key]]);
}

/** A negotiated link speed as people read it: "1 Gbps", "100 Mbps", "2.5 Gbps". */
export function linkRateText(mbps: number): string {
  return mbps >= 1000 ? `${mbps / 1000} Gbps` : `${mbps} Mbps`;
}
