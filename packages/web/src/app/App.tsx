import { IconProvider } from '@ant-design/icons';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { ConfigProvider } from 'antd';
// The ES build of the locale: `antd/locale/en_US` is CommonJS and would ship a second copy.
import enUS from 'antd/es/locale/en_US';
import { RouterProvider } from 'react-router';
import { ApiError } from '../api/client';
import { isWindows } from '../browser/platform';
import { LoadingProvider } from '../components/loading';
import { ProjectProvider } from '../session/session';
import { ICON_CONTEXT, installIconStyles } from '../styles/iconStyles';
import { theme } from '../styles/theme';
import { router } from './router';

const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      refetchOnWindowFocus: false,
      // Retrying cannot fix a refusal with a spec code; only transient network failures.
      retry: (count, error) => count < 2 && error instanceof ApiError && error.code === 404,
    },
  },
});

if (isWindows) document.documentElement.classList.add('nl-windows');
installIconStyles();

export function App() {
  return (
    <ConfigProvider locale={enUS} theme={theme}>
      <IconProvider value={ICON_CONTEXT}>
        <QueryClientProvider client={queryClient}>
          <LoadingProvider>
            <ProjectProvider>
              <RouterProvider router={router} />
            </ProjectProvider>
          </LoadingProvider>
        </QueryClientProvider>
      </IconProvider>
    </ConfigProvider>
  );
}
