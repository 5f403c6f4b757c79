import { MenuFoldOutlined, MenuUnfoldOutlined } from '@ant-design/icons';
import { visibleMenu } from '@netloom/domain';
import { Button, Layout, Menu, Skeleton } from 'antd';
import { Suspense, useMemo, useState } from 'react';
import { Outlet, useLocation, useNavigate, useNavigation } from 'react-router';
import { storage } from '../browser/storage';
import { LockedProjectBanner, useProjectLocked } from '../features/projects';
import { useMenuContext } from '../session/menuContext';
import '../styles/console.css';
import { LiveQueryBridge } from './LiveQueryBridge';
import { selectedMenuKeys, toAntdMenu } from './menu';
import { HeaderBar } from './shell/HeaderBar';
import { RouteAccessGuard } from './shell/RouteAccessGuard';

const SIDER_COLLAPSED_KEY = 'siderCollapsed';

// Warm the loading overlay's chunk so "Saving…" appears at once on the first save.
void import('../components/LoadingOverlay');

/** The console frame (§2, UI.md): collapsible left sider with the menu, header bar, content. */
export default function ConsoleLayout() {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const navigation = useNavigation();
  const ctx = useMenuContext(useProjectLocked());
  const groups = useMemo(() => visibleMenu(ctx), [ctx]);
  const items = useMemo(() => toAntdMenu(groups), [groups]);
  const keys = useMemo(() => selectedMenuKeys(groups, pathname), [groups, pathname]);
  const [collapsed, setCollapsed] = useState(() => storage.getGlobalStore()[SIDER_COLLAPSED_KEY] === true);
  const [openKeys, setOpenKeys] = useState<string[]>(keys.open);

  const handleCollapse = (value: boolean) => {
    setCollapsed(value);
    storage.setGlobalStoreItem(SIDER_COLLAPSED_KEY, value);
  };

  // Keep the submenu of the current page open when the page changes from elsewhere.
  const shownOpenKeys = collapsed ? undefined : [...new Set([...openKeys, ...keys.open])];

  return (
    <Layout className="nl-console">
      <LiveQueryBridge />
      <a className="nl-skip-link" href="#nl-content">
        Skip to content
      </a>
      <Layout.Sider
        className="nl-sider"
        width={248}
        collapsedWidth={64}
        collapsed={collapsed}
        trigger={null}
        theme="light"
      >
        <div className="nl-brand">
          <img src="/netloom-mark.svg" alt="" width={28} height={28} />
          {collapsed ? null : <span className="nl-brand-name">Netloom</span>}
        </div>
        <nav aria-label="Main menu" className="nl-sider-nav">
          <Menu
            mode="inline"
            items={items}
            selectedKeys={keys.selected}
            openKeys={shownOpenKeys}
            onOpenChange={setOpenKeys}
            onClick={({ key }) => navigate(key)}
          />
        </nav>
        <div className="nl-sider-foot">
          <Button
            type="text"
            block
            icon={collapsed ? <MenuUnfoldOutlined /> : <MenuFoldOutlined />}
            onClick={() => handleCollapse(!collapsed)}
            aria-label={collapsed ? 'Expand menu' : 'Collapse menu'}
            aria-expanded={!collapsed}
          >
            {collapsed ? null : 'Collapse'}
          </Button>
        </div>
      </Layout.Sider>
      <Layout className="nl-main">
        <HeaderBar />
        {navigation.state === 'loading' ? (
          <div className="nl-route-progress" role="progressbar" aria-label="Loading page" />
        ) : null}
        <Layout.Content id="nl-content" className="nl-content" tabIndex={-1}>
          <Suspense fallback={<Skeleton active paragraph={{ rows: 8 }} />}>
            <RouteAccessGuard ctx={ctx}>
              <LockedProjectBanner />
              <Outlet />
            </RouteAccessGuard>
          </Suspense>
        </Layout.Content>
      </Layout>
    </Layout>
  );
}
