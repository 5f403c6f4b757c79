import { NO_ACCESS_PATH } from '@netloom/domain';
import type { ComponentType } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { BootScreen } from './BootScreen';
import { DATA_SCREEN_PAGE, type FeaturePage, PENDING_FEATURE_PAGES } from './featurePages';
import { RootLayout } from './RootLayout';
import { RouteError } from './RouteError';

/**
 * Every screen is a lazy route so the login route stays light (issue 2 budget: ≤ 300 KB gzipped
 * JS + CSS). Only the root layout, the boot screen and the error boundary are in the entry chunk.
 */

type PageModule = { default: ComponentType };
const page = (load: () => Promise<PageModule>) => async () => ({ Component: (await load()).default });

function pending(p: FeaturePage, fullScreen = false): RouteObject {
  return { path: p.path, handle: { ...p, fullScreen }, lazy: page(() => import('./PendingFeaturePage')) };
}

export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    hydrateFallbackElement: <BootScreen />,
    errorElement: <RouteError />,
    children: [
      {
        lazy: page(() => import('../features/auth/AuthLayout')),
        children: [
          { path: '/login', lazy: page(() => import('../features/auth/LoginPage')) },
          { path: '/register', lazy: page(() => import('../features/auth/RegisterPage')) },
          { path: '/forgot-password', lazy: page(() => import('../features/auth/ForgotPasswordPage')) },
        ],
      },
      {
        lazy: page(() => import('./RequireSession')),
        children: [
          pending(DATA_SCREEN_PAGE, true),
          {
            lazy: page(() => import('./ConsoleLayout')),
            children: [
              { index: true, lazy: page(() => import('./Landing')) },
              {
                path: '/overview/preview',
                lazy: page(() => import('../features/projects/ProjectOverviewPage')),
              },
              { path: '/overview/list', lazy: page(() => import('../features/projects/ProjectListPage')) },
              { path: '/account', lazy: page(() => import('../features/account/ProfilePage')) },
              { path: '/help/center', lazy: page(() => import('../features/help/HelpCenterPage')) },
              { path: '/help/service', lazy: page(() => import('../features/help/OnlineServicePage')) },
              {
                path: '/manage/status',
                lazy: page(() => import('../features/monitoring/NetworkStatusPage')),
              },
              {
                path: '/manage/devsrunstat',
                lazy: page(() => import('../features/monitoring/DeviceDataPage')),
              },
              {
                path: '/manage/onlinestat',
                lazy: page(() => import('../features/monitoring/ClientDataPage')),
              },
              { path: '/manage/onlinelist', lazy: page(() => import('../features/clients/ClientListPage')) },
              { path: '/manage/devconf', lazy: page(() => import('../features/devices/DeviceListPage')) },
              {
                path: '/manage/devconf/:deviceId',
                lazy: page(() => import('../features/devices/DeviceListPage')),
              },
              {
                path: '/manage/devconf/:deviceId/ports',
                lazy: page(() => import('../features/ports/PortManagementPage')),
              },
              { path: '/manage/runlog', lazy: page(() => import('../features/config/LogPage')) },
              {
                path: '/manage/networkconf/netset',
                lazy: page(() => import('../features/network/InternetPage')),
              },
              { path: '/manage/networkconf/vlan', lazy: page(() => import('../features/network/VlanPage')) },
              { path: '/manage/networkconf/dhcp', lazy: page(() => import('../features/network/DhcpPage')) },
              {
                path: '/manage/networkconf/static',
                lazy: page(() => import('../features/network/StaticRoutePage')),
              },
              {
                path: '/manage/networkconf/router',
                lazy: page(() => import('../features/network/RouteTablePage')),
              },
              {
                path: '/manage/networkconf/port',
                lazy: page(() => import('../features/network/PortMappingPage')),
              },
              { path: '/manage/rfconf', lazy: page(() => import('../features/rf/RfPage')) },
              { path: '/manage/wirelessconf', lazy: page(() => import('../features/wireless/WirelessPage')) },
              { path: '/manage/alarminfo', lazy: page(() => import('../features/alarms/AlarmPage')) },
              { path: NO_ACCESS_PATH, lazy: page(() => import('./NoAccess')) },
              ...PENDING_FEATURE_PAGES.map((p) => pending(p)),
              { path: '*', lazy: page(() => import('./NotFound')) },
            ],
          },
        ],
      },
    ],
  },
];

export const router = createBrowserRouter(routes);
