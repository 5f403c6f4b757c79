import { visibleMenu } from '@netloom/domain';
import { Layout, Skeleton } from 'antd';
import { Suspense, useEffect, useMemo, useState } from 'react';
import { Outlet, useLocation, useNavigation } from 'react-router';
import { useScreenSize } from '../browser/screenSize';
import { storage } from '../browser/storage';
import { AnalyticsTracker, IdleWatcher } from '../features/analytics';
import { LockedProjectBanner, useProjectLocked } from '../features/projects';
import { ProjectAccessWatcher } from '../features/sharing';
import { useMenuContext } from '../session/menuContext';
import '../styles/console.css';
import { ProjectChangeFollower } from '../features/transfer';
import { LiveQueryBridge } from './LiveQueryBridge';
import { selectedMenuKeys, toAntdMenu } from './menu';
import { ConsoleSider } from './shell/ConsoleSider';
import { HeaderBar } from './shell/HeaderBar';
import { NavDrawer } from './shell/NavDrawer';
import { RouteAccessGuard } from './shell/RouteAccessGuard';

const SIDER_COLLAPSED_KEY = 'siderCollapsed';

// Warm the loading overlay's chunk so "Saving…" appears at once on the first save.
void import('../components/LoadingOverlay');

/**
 * The console frame (§2, UI.md): the menu, header bar, content. On a desktop the sider is as the
 * person left it (remembered); on a tablet it shows icons until expanded; on a phone the menu is a
 * drawer behind the header's menu button (see `browser/screenSize.ts`).
 */
export default function ConsoleLayout() {
  const { pathname } = useLocation();
  const navigation = useNavigation();
  const mode = useScreenSize();
  const ctx = useMenuContext(useProjectLocked());
  const groups = useMemo(() => visibleMenu(ctx), [ctx]);
  const items = useMemo(() => toAntdMenu(groups), [groups]);
  const keys = useMemo(() => selectedMenuKeys(groups, pathname), [groups, pathname]);
  const [desktopCollapsed, setDesktopCollapsed] = useState(
    () => storage.getGlobalStore()[SIDER_COLLAPSED_KEY] === true,
  );
  // A tablet's choice is not remembered: it would fold the sider on the person's desktop too.
  const [tabletExpanded, setTabletExpanded] = useState(false);
  const [drawerOpen, setDrawerOpen] = useState(false);
  const collapsed = mode === 'tablet' ? !tabletExpanded : desktopCollapsed;
  // A phone turned to a wider screen has no drawer; turned back, it shows the page, not the menu.
  useEffect(() => {
    if (mode !== 'phone') setDrawerOpen(false);
  }, [mode]);

  const handleToggle = () => {
    if (mode === 'tablet') {
      setTabletExpanded(collapsed);
      return;
    }
    setDesktopCollapsed(!collapsed);
    storage.setGlobalStoreItem(SIDER_COLLAPSED_KEY, !collapsed);
  };

  return (
    <Layout className="nl-console">
      <LiveQueryBridge />
      <ProjectChangeFollower />
      <ProjectAccessWatcher />
      <AnalyticsTracker />
      <IdleWatcher />
      <a className="nl-skip-link" href="#nl-content">
        Skip to content
      </a>
      {mode === 'phone' ? (
        <NavDrawer open={drawerOpen} onClose={() => setDrawerOpen(false)} items={items} keys={keys} />
      ) : (
        <ConsoleSider items={items} keys={keys} collapsed={collapsed} onToggle={handleToggle} />
      )}
      <Layout className="nl-main">
        <HeaderBar onOpenMenu={mode === 'phone' ? () => setDrawerOpen(true) : undefined} />
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
