import { Drawer, type MenuProps } from 'antd';
import { Brand } from './Brand';
import { ConsoleMenu } from './ConsoleMenu';

interface NavDrawerProps {
  open: boolean;
  onClose: () => void;
  items: NonNullable<MenuProps['items']>;
  keys: { selected: string[]; open: string[] };
}

/**
 * The phone's menu (below `TABLET_MIN_WIDTH`, browser/screenSize.ts): the sider's menu in a drawer from the left, opened
 * by the header's menu button. Choosing a page closes it, so the page is what the person sees next.
 */
export function NavDrawer({ open, onClose, items, keys }: NavDrawerProps) {
  return (
    <Drawer
      className="nl-nav-drawer"
      placement="left"
      size={288}
      open={open}
      onClose={onClose}
      title={<Brand />}
      aria-label="Menu"
      styles={{ body: { padding: 0 }, header: { padding: '0 12px 0 0' } }}
    >
      <ConsoleMenu items={items} keys={keys} collapsed={false} onNavigate={onClose} />
    </Drawer>
  );
}
