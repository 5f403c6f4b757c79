import {
  AlertOutlined,
  ApartmentOutlined,
  AppstoreOutlined,
  BarChartOutlined,
  CloudServerOutlined,
  ClusterOutlined,
  DashboardOutlined,
  DatabaseOutlined,
  DeploymentUnitOutlined,
  FileTextOutlined,
  FullscreenOutlined,
  GlobalOutlined,
  HddOutlined,
  HeatMapOutlined,
  LineChartOutlined,
  LockOutlined,
  NodeIndexOutlined,
  PartitionOutlined,
  ProjectOutlined,
  RadarChartOutlined,
  SettingOutlined,
  ShareAltOutlined,
  SwapOutlined,
  TeamOutlined,
  ToolOutlined,
  UnorderedListOutlined,
  WifiOutlined,
} from '@ant-design/icons';
import type { MenuGroupView, MenuItemView } from '@netloom/domain';
import { type MenuProps, Tag } from 'antd';
import type { ReactNode } from 'react';

/** Icon keys of the domain menu tree → icon components. Unknown keys get a neutral icon. */
const ICONS: Record<string, ReactNode> = {
  dashboard: <DashboardOutlined />,
  project: <ProjectOutlined />,
  fullscreen: <FullscreenOutlined />,
  network: <GlobalOutlined />,
  status: <LineChartOutlined />,
  map: <RadarChartOutlined />,
  heatmap: <HeatMapOutlined />,
  topology: <ApartmentOutlined />,
  setting: <SettingOutlined />,
  device: <HddOutlined />,
  gateway: <CloudServerOutlined />,
  internet: <GlobalOutlined />,
  vlan: <PartitionOutlined />,
  dhcp: <DeploymentUnitOutlined />,
  route: <NodeIndexOutlined />,
  routeTable: <UnorderedListOutlined />,
  portMapping: <SwapOutlined />,
  wifi: <WifiOutlined />,
  radio: <RadarChartOutlined />,
  chart: <BarChartOutlined />,
  deviceData: <ClusterOutlined />,
  clientData: <BarChartOutlined />,
  clientList: <TeamOutlined />,
  tool: <ToolOutlined />,
  share: <ShareAltOutlined />,
  log: <FileTextOutlined />,
  alarm: <AlertOutlined />,
  backup: <DatabaseOutlined />,
};
export function menuIcon(key: string): ReactNode {
  return ICONS[key] ?? <AppstoreOutlined />;
}

function itemLabel(item: MenuItemView): ReactNode {
  return (
    <span className="nl-menu-label">
      {item.label}
      {item.readOnly ? (
        <LockOutlined
          className="nl-menu-readonly"
          aria-label="read-only in this project"
          title="Read-only in this project"
        />
      ) : null}
      {item.beta ? (
        <Tag color="blue" variant="outlined" className="nl-beta-tag">
          Beta
        </Tag>
      ) : null}
    </span>
  );
}

type AntdMenuItem = NonNullable<MenuProps['items']>[number];

function toAntdItem(item: MenuItemView): AntdMenuItem {
  if (item.children) {
    return {
      key: item.path,
      icon: menuIcon(item.icon),
      label: item.label,
      children: item.children.map(toAntdItem),
    };
  }
  return { key: item.path, icon: menuIcon(item.icon), label: itemLabel(item) };
}

/** antd menu items from the domain's visible menu: one titled group per menu group. */
export function toAntdMenu(groups: MenuGroupView[]): NonNullable<MenuProps['items']> {
  return groups.map((g) => ({
    type: 'group' as const,
    key: `group:${g.key}`,
    label: g.label,
    children: g.items.map(toAntdItem),
  }));
}

/** The menu item (and submenu) a location belongs to, for highlighting. */
export function selectedMenuKeys(
  groups: MenuGroupView[],
  pathname: string,
): { selected: string[]; open: string[] } {
  let best: { path: string; parent: string | null } | null = null;
  const consider = (path: string, parent: string | null) => {
    if ((pathname === path || pathname.startsWith(`${path}/`)) && (!best || path.length > best.path.length)) {
      best = { path, parent };
    }
  };
  for (const g of groups)
    for (const item of g.items) {
      if (item.children) for (const c of item.children) consider(c.path, item.path);
      else consider(item.path, null);
    }
  const found = best as { path: string; parent: string | null } | null;
  return { selected: found ? [found.path] : [], open: found?.parent ? [found.parent] : [] };
}
