import { LockOutlined, ProjectOutlined } from '@ant-design/icons';
import {
  findMenuRoute,
  GENERAL_MESSAGES,
  isRouteAllowed,
  type MenuContext,
  NET_MODE_KEYS,
  NET_MODE_LABELS,
  NET_MODES,
} from '@netloom/domain';
import { Button, Card, Result } from 'antd';
import type { ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { MENU_PAGES } from '../../navigation/paths';

/**
 * Menu routes open only when the menu would show them (§2: access type, network mode, flags).
 * A typed or bookmarked address that is not allowed explains why instead of rendering the page.
 */
export function RouteAccessGuard({ ctx, children }: { ctx: MenuContext; children: ReactNode }) {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const entry = findMenuRoute(pathname);
  if (!entry || isRouteAllowed(pathname, ctx)) return children;

  const { item } = entry;
  const goToList = (
    <Button type="primary" onClick={() => navigate(MENU_PAGES.projectList)}>
      Open project list
    </Button>
  );

  if (item.projectScoped && ctx.netMode === null) {
    return (
      <Card>
        <Result
          icon={<ProjectOutlined />}
          title="Choose a project first"
          subTitle={`${item.label} shows one project. Pick a project in the switcher at the top, or open one from the project list.`}
          extra={goToList}
        />
      </Card>
    );
  }

  let reason: string = GENERAL_MESSAGES.NO_PERMISSION;
  if (
    item.netModes !== 'any' &&
    ctx.netMode !== null &&
    !item.netModes.includes(NET_MODE_KEYS[ctx.netMode])
  ) {
    const modes = item.netModes.map((k) => {
      const label = NET_MODE_LABELS[k === 'wlan' ? NET_MODES.WLAN : NET_MODES.MESH];
      return label.charAt(0).toLowerCase() + label.slice(1);
    });
    reason = `${item.label} is available in ${modes.join(' and ')} projects only.`;
  }
  return (
    <Card>
      <Result
        icon={<LockOutlined />}
        title={`${item.label} is not available here`}
        subTitle={reason}
        extra={goToList}
      />
    </Card>
  );
}
