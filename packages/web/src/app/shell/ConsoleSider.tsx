import { MenuFoldOutlined, MenuUnfoldOutlined } from '@ant-design/icons';
import { Button, Layout, type MenuProps } from 'antd';
import { Brand } from './Brand';
import { ConsoleMenu } from './ConsoleMenu';

interface ConsoleSiderProps {
  items: NonNullable<MenuProps['items']>;
  keys: { selected: string[]; open: string[] };
  collapsed: boolean;
  onToggle: () => void;
}

/** The left sider of tablets and desktops (UI.md): brand, the §2 menu, the collapse button. */
export function ConsoleSider({ items, keys, collapsed, onToggle }: ConsoleSiderProps) {
  return (
    <Layout.Sider
      className="nl-sider"
      width={248}
      collapsedWidth={64}
      collapsed={collapsed}
      trigger={null}
      theme="light"
    >
      <Brand collapsed={collapsed} />
      <ConsoleMenu items={items} keys={keys} collapsed={collapsed} />
      <div className="nl-sider-foot">
        <Button
          type="text"
          block
          icon={collapsed ? <MenuUnfoldOutlined /> : <MenuFoldOutlined />}
          onClick={onToggle}
          aria-label={collapsed ? 'Expand menu' : 'Collapse menu'}
          aria-expanded={!collapsed}
        >
          {collapsed ? null : 'Collapse'}
        </Button>
      </div>
    </Layout.Sider>
  );
}
