import { Menu, type MenuProps } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router';

interface ConsoleMenuProps {
  items: NonNullable<MenuProps['items']>;
  /** The item of the current page and the submenu holding it (see `selectedMenuKeys`). */
  keys: { selected: string[]; open: string[] };
  /** Icons only (the collapsed sider): submenus open as popups, not inline. */
  collapsed: boolean;
  /** Called after an item navigated (the phone drawer closes). */
  onNavigate?: () => void;
}

/** The §2 menu of the console: the same items in the sider and in the phone's drawer. */
export function ConsoleMenu({ items, keys, collapsed, onNavigate }: ConsoleMenuProps) {
  const navigate = useNavigate();
  const [openKeys, setOpenKeys] = useState<string[]>(keys.open);
  // Keep the submenu of the current page open when the page changes from elsewhere.
  const shownOpenKeys = collapsed ? undefined : [...new Set([...openKeys, ...keys.open])];
  return (
    <nav aria-label="Main menu" className="nl-sider-nav">
      <Menu
        mode="inline"
        items={items}
        selectedKeys={keys.selected}
        openKeys={shownOpenKeys}
        onOpenChange={setOpenKeys}
        onClick={({ key }) => {
          navigate(key);
          onNavigate?.();
        }}
      />
    </nav>
  );
}
