import { WINDOWS_FONT_WEIGHT } from '@netloom/domain';
import type { ThemeConfig } from 'antd';
import { isWindows, prefersReducedMotion } from '../browser/platform';

/** Height of the console's header; sticky table headers stop below it. */
export const CONSOLE_HEADER_HEIGHT = 56;

/**
 * The console's Ant Design theme. Its own module so that anything rendering outside the React tree
 * (static modals) can wear it without importing the app.
 */
export const theme: ThemeConfig = {
  token: {
    colorPrimary: '#1f5eff',
    colorInfo: '#1f5eff',
    colorBgLayout: '#f4f6fa',
    borderRadius: 8,
    // §2: Windows fonts render 600 as regular; a bolder weight keeps headings readable there.
    fontWeightStrong: isWindows ? WINDOWS_FONT_WEIGHT : 600,
    // Honour the system's reduced-motion setting: no zoom, slide or fade animations at all.
    motion: !prefersReducedMotion,
  },
  components: {
    Layout: {
      headerBg: '#ffffff',
      siderBg: '#ffffff',
      headerHeight: CONSOLE_HEADER_HEIGHT,
      headerPadding: '0 20px',
    },
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
