import {
  CheckCircleFilled,
  ClockCircleOutlined,
  CloseCircleFilled,
  DisconnectOutlined,
  LoadingOutlined,
  ReloadOutlined,
} from '@ant-design/icons';
import { type LoginResponse, SCAN_VIEW_TEXT, type ScanViewState } from '@netloom/domain';
import { useQueryClient } from '@tanstack/react-query';
import { Button } from 'antd';
import type { ReactNode } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { storage } from '../../browser/storage';
import { useCurrentProject } from '../../session/session';
import { sessionKey } from '../../session/sessionApi';
import { useScanTicket } from './useScanTicket';
import './scanLogin.css';

/** What covers the code in each state (none while waiting: the code is to be scanned). */
const OVERLAY: Partial<Record<ScanViewState | 'loading', ReactNode>> = {
  loading: <LoadingOutlined className="nl-scan-overlay-icon" aria-hidden />,
  scanned: <CheckCircleFilled className="nl-scan-overlay-icon nl-scan-ok" aria-hidden />,
  loggingIn: <LoadingOutlined className="nl-scan-overlay-icon" aria-hidden />,
  expired: <ClockCircleOutlined className="nl-scan-overlay-icon nl-scan-muted" aria-hidden />,
  refused: <CloseCircleFilled className="nl-scan-overlay-icon nl-scan-bad" aria-hidden />,
  networkError: <DisconnectOutlined className="nl-scan-overlay-icon nl-scan-bad" aria-hidden />,
};

const CAN_REFRESH: readonly (ScanViewState | 'loading')[] = ['expired', 'refused', 'networkError'];

/** Only same-origin console paths are followed after sign-in (no open redirect). */
function safeNext(next: string | null): string {
  return next?.startsWith('/') && !next.startsWith('//') ? next : '/';
}

/**
 * The "App scan" tab of the sign-in screen (§2, §4): a QR code the server drew for a one-time
 * ticket; a phone signed in to Netloom scans it and confirms, and this browser signs in as that
 * account. Loaded only when the tab is opened.
 */
export function ScanLoginPanel({ idPrefix }: { idPrefix: string }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const { clearProject } = useCurrentProject();

  const land = async (res: LoginResponse) => {
    const account = res.account;
    const last = account.email ?? (account.mobile ? `+${account.countryCode ?? ''} ${account.mobile}` : null);
    if (last) storage.setLastAccount(last);
    storage.setLastNick(account.nick);
    storage.setAccessType('web');
    storage.setToken(null);
    clearProject();
    queryClient.setQueryData(sessionKey, { account, access: res.access, permissions: res.permissions });
    navigate(safeNext(params.get('next')), { replace: true });
  };
  const { view, created, refresh } = useScanTicket(land);
  const text = view === 'loading' ? SCAN_VIEW_TEXT.waiting : SCAN_VIEW_TEXT[view];
  const overlay = OVERLAY[view];

  return (
    <div
      id={`${idPrefix}-panel`}
      role="tabpanel"
      aria-labelledby={`${idPrefix}-tab-scan`}
      className="nl-scan-panel"
      data-testid="scan-login"
      data-state={view}
    >
      <div className={overlay ? 'nl-scan-code nl-scan-code-covered' : 'nl-scan-code'}>
        {created ? (
          <img
            src={`data:image/svg+xml;utf8,${encodeURIComponent(created.qrSvg)}`}
            alt="QR code to sign in with your phone"
            width={196}
            height={196}
            data-link={created.link}
          />
        ) : (
          <div className="nl-scan-placeholder" />
        )}
        {overlay ? <div className="nl-scan-overlay">{overlay}</div> : null}
      </div>
      <div className="nl-scan-text" aria-live="polite">
        <strong>{text.title}</strong>
        <span>{text.hint}</span>
      </div>
      {CAN_REFRESH.includes(view) ? (
        <Button type="primary" icon={<ReloadOutlined />} onClick={refresh}>
          Refresh code
        </Button>
      ) : null}
    </div>
  );
}
