import {
  ApartmentOutlined,
  AppstoreOutlined,
  BarChartOutlined,
  CopyOutlined,
  CustomerServiceOutlined,
  ExperimentOutlined,
  InfoCircleOutlined,
  KeyOutlined,
  LogoutOutlined,
  QuestionCircleOutlined,
  TeamOutlined,
  UserOutlined,
} from '@ant-design/icons';
import {
  ACCOUNT_ROLE_LABELS,
  canManageAccounts,
  canViewActivations,
  canViewDataPivot,
  LOADING_STATES,
} from '@netloom/domain';
import { App, Avatar, Dropdown, type MenuProps, Typography } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { storage } from '../../browser/storage';
import { useLoading } from '../../components/loading';
import { ChangePasswordModal } from '../../features/account';
import { authApi } from '../../features/auth';
import { VersionModal } from '../../features/help';
import { PAGES } from '../../navigation/paths';
import { useAccount } from '../../session/session';

function initials(nick: string): string {
  const letters = nick
    .trim()
    .split(/\s+/)
    .slice(0, 2)
    .map((w) => [...w][0] ?? '');
  return letters.join('').toUpperCase() || '?';
}

/** The account avatar menu of the header (§2 "other navigation labels"). */
export function AccountMenu() {
  const { account } = useAccount();
  const navigate = useNavigate();
  const { run } = useLoading();
  const { message } = App.useApp();
  const [modal, setModal] = useState<'password' | 'version' | null>(null);
  const contact = account.email ?? (account.mobile ? `+${account.countryCode ?? ''} ${account.mobile}` : '');

  const handleLogout = async () => {
    try {
      await run(LOADING_STATES.JUMPING, () => authApi.logout());
    } catch {
      // Even if the server cannot be reached, this browser forgets the session.
    }
    // A full page load, not an in-app navigation: it drops every cached query, the live socket and
    // any page still loading, so nothing of this session can render or refetch after the logout.
    storage.clearOnLogout();
    window.location.replace(PAGES.login);
  };

  const items: MenuProps['items'] = [
    {
      key: 'cloud',
      // The copy control is the item itself, so it works from the keyboard too.
      label: (
        <span className="nl-cloud-code">
          Cloud code <Typography.Text code>{account.cloudCode}</Typography.Text>
          <CopyOutlined aria-hidden className="nl-cloud-copy" />
        </span>
      ),
      title: 'Copy your unique cloud code',
    },
    { type: 'divider' },
    { key: 'account', icon: <UserOutlined />, label: 'My account' },
    // §2 "account management": the manufacturer role's screen only (domain `canManageAccounts`).
    ...(canManageAccounts(account.role)
      ? [{ key: 'accounts', icon: <TeamOutlined />, label: 'Account management' }]
      : []),
    // §2 "activation statistics with export": the manufacturer role's screen only (`canViewActivations`).
    ...(canViewActivations(account.role)
      ? [{ key: 'activation', icon: <BarChartOutlined />, label: 'Activation statistics' }]
      : []),
    { key: 'solutions', icon: <ApartmentOutlined />, label: 'Scheme generation' },
    // §2 "data pivot": the manufacturer role's analytics screen (domain `canViewDataPivot`).
    ...(canViewDataPivot(account.role)
      ? [{ key: 'dataPivot', icon: <BarChartOutlined />, label: 'Data pivot' }]
      : []),
    // §2 "demo project": the account's own experience project of simulated devices.
    { key: 'experience', icon: <ExperimentOutlined />, label: 'Experience project' },
    { key: 'password', icon: <KeyOutlined />, label: 'Change password' },
    { key: 'version', icon: <InfoCircleOutlined />, label: 'Version info' },
    { type: 'divider' },
    { key: 'help', icon: <QuestionCircleOutlined />, label: 'Help center' },
    { key: 'service', icon: <CustomerServiceOutlined />, label: 'Online service' },
    { key: 'models', icon: <AppstoreOutlined />, label: 'Supported models' },
    { type: 'divider' },
    { key: 'logout', icon: <LogoutOutlined />, label: 'Log out', danger: true },
  ];

  const handleClick: MenuProps['onClick'] = ({ key }) => {
    if (key === 'cloud') {
      navigator.clipboard
        .writeText(account.cloudCode)
        .then(() => message.success('Cloud code copied.'))
        .catch(() => message.info(`Your cloud code: ${account.cloudCode}`));
    } else if (key === 'account') navigate(PAGES.account);
    else if (key === 'accounts') navigate(PAGES.accounts);
    else if (key === 'activation') navigate(PAGES.activation);
    else if (key === 'models') navigate(PAGES.supportedModels);
    else if (key === 'solutions') navigate(PAGES.solutions);
    else if (key === 'dataPivot') navigate(PAGES.dataPivot);
    else if (key === 'experience') navigate(PAGES.experience);
    else if (key === 'password') setModal('password');
    else if (key === 'version') setModal('version');
    else if (key === 'help') navigate(PAGES.helpCenter);
    else if (key === 'service') navigate(PAGES.onlineService);
    else if (key === 'logout') void handleLogout();
  };

  return (
    <>
      <Dropdown
        menu={{ items, onClick: handleClick }}
        trigger={['click']}
        placement="bottomRight"
        popupRender={(menu) => (
          <div className="nl-account-popup">
            <div className="nl-account-who">
              <Typography.Text strong>{account.nick}</Typography.Text>
              <div className="nl-account-sub">{contact}</div>
              <div className="nl-account-sub">{ACCOUNT_ROLE_LABELS[account.role]}</div>
            </div>
            {menu}
          </div>
        )}
      >
        <button type="button" className="nl-header-account" aria-label={`Account menu for ${account.nick}`}>
          <Avatar size={30} src={account.avatarUrl ?? undefined} className="nl-avatar">
            {initials(account.nick)}
          </Avatar>
          <span className="nl-header-nick">{account.nick}</span>
        </button>
      </Dropdown>
      <ChangePasswordModal open={modal === 'password'} onClose={() => setModal(null)} />
      <VersionModal open={modal === 'version'} onClose={() => setModal(null)} />
    </>
  );
}
