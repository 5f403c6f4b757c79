import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { ConfigProvider, type ThemeConfig } from 'antd';
// The ES build of the locale: `antd/locale/en_US` is CommonJS and would ship a second copy.
import enUS from 'antd/es/locale/en_US';
import { RouterProvider } from 'react-router';
import { ApiError } from '../api/client';
import { LoadingProvider } from './loading';
import { isWindows } from './platform';
import { router } from './router';
import { ProjectProvider } from './session';

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

export const theme: ThemeConfig = {
  token: {
    colorPrimary: '#1f5eff',
    colorInfo: '#1f5eff',
    colorBgLayout: '#f4f6fa',
    borderRadius: 8,
    // §2: Windows fonts render 600 as regular; a bolder weight keeps headings readable there.
    fontWeightStrong: isWindows ? 700 : 600,
  },
  components: {
    Layout: { headerBg: '#ffffff', siderBg: '#ffffff', headerHeight: 56, headerPadding: '0 20px' },
    Result: { titleFontSize: 20, iconFontSize: 56, extraMargin: '24px 0 0 0' },
    Menu: {
      itemBorderRadius: 6,
      itemMarginInline: 8,
      itemMarginBlock: 2,
      itemHeight: 36,
      groupTitleFontSize: 11,
    },
  },
};

if (isWindows) document.documentElement.classList.add('nl-windows');

export function App() {
  return (
    <ConfigProvider locale={enUS} theme={theme}>
      <QueryClientProvider client={queryClient}>
        <LoadingProvider>
          <ProjectProvider>
            <RouterProvider router={router} />
          </ProjectProvider>
        </LoadingProvider>
      </QueryClientProvider>
    </ConfigProvider>
  );
}
