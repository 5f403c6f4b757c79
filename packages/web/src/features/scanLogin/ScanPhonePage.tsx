import { DesktopOutlined } from '@ant-design/icons';
import { ERR, type ScanTicketView } from '@netloom/domain';
import { Button, Card, Result, Skeleton, Typography } from 'antd';
import { type ReactNode, useEffect, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { ApiError } from '../../api/client';
import { useAccount } from '../../session/session';
import { scanLoginApi } from './api';
import './scanLogin.css';

type Phase =
  | { kind: 'loading' }
  | { kind: 'ask'; ticket: ScanTicketView }
  | { kind: 'done'; answer: 'confirmed' | 'refused'; browser: string }
  | { kind: 'error'; error: ApiError };

const timeOf = (iso: string) => new Date(iso).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' });

/**
 * The phone's side of scan-to-login (the page the QR code opens): the signed-in person sees which
 * browser asks to sign in as them and confirms or refuses. Not signed in, the session guard sends
 * them through sign-in and back here. Built for a phone's width; the same calls serve an app.
 */
export default function ScanPhonePage() {
  const { ticket = '' } = useParams();
  const { account } = useAccount();
  const navigate = useNavigate();
  const [phase, setPhase] = useState<Phase>({ kind: 'loading' });
  const [busy, setBusy] = useState<'confirm' | 'refuse' | null>(null);

  useEffect(() => {
    let live = true;
    // Opening marks the code scanned (the desktop says "confirm on your phone"); it is idempotent.
    scanLoginApi
      .open(ticket)
      .then((t) => {
        if (!live) return;
        // Already answered on this phone (a reload): say what was answered.
        if (t.state === 'confirmed' || t.state === 'refused')
          setPhase({ kind: 'done', answer: t.state, browser: t.browser });
        else setPhase({ kind: 'ask', ticket: t });
      })
      .catch((e: unknown) => live && setPhase({ kind: 'error', error: asApiError(e) }));
    return () => {
      live = false;
    };
  }, [ticket]);

  const answer = async (kind: 'confirm' | 'refuse', browser: string) => {
    setBusy(kind);
    try {
      await (kind === 'confirm' ? scanLoginApi.confirm(ticket) : scanLoginApi.refuse(ticket));
      setPhase({ kind: 'done', answer: kind === 'confirm' ? 'confirmed' : 'refused', browser });
    } catch (e) {
      setPhase({ kind: 'error', error: asApiError(e) });
    } finally {
      setBusy(null);
    }
  };

  const toConsole = (
    <Button key="console" onClick={() => navigate('/', { replace: true })}>
      Open the console
    </Button>
  );

  let body: ReactNode;
  if (phase.kind === 'loading') body = <Skeleton active paragraph={{ rows: 4 }} />;
  else if (phase.kind === 'error')
    body = (
      <Result
        status={phase.error.code === ERR.AUTH_CODE_EXPIRED ? 'warning' : 'error'}
        title="This sign-in code cannot be used"
        subTitle={`${phase.error.message} Show a new code on the computer and scan it again.`}
        extra={toConsole}
      />
    );
  else if (phase.kind === 'done')
    body =
      phase.answer === 'confirmed' ? (
        <Result
          status="success"
          title="Sign-in confirmed"
          subTitle={`${phase.browser} is signing in as ${account.nick}. You can close this page.`}
          extra={toConsole}
        />
      ) : (
        <Result
          status="info"
          title="Sign-in refused"
          subTitle={`${phase.browser} was not signed in. If you did not try to sign in there, change your password.`}
          extra={toConsole}
        />
      );
  else {
    const { ticket: t } = phase;
    body = (
      <>
        <Typography.Title level={4} className="nl-scan-phone-title">
          Sign in on another device?
        </Typography.Title>
        <Typography.Paragraph type="secondary">
          Confirm only if you are signing in yourself, on a computer in front of you.
        </Typography.Paragraph>
        <div className="nl-scan-phone-device">
          <DesktopOutlined aria-hidden />
          <div>
            <strong>{t.browser}</strong>
            <small>
              Code shown at {timeOf(t.createdAt)} · valid until {timeOf(t.expiresAt)}
            </small>
          </div>
        </div>
        <Typography.Paragraph>
          It will be signed in as <strong>{account.nick}</strong>
          {account.email || account.mobile
            ? ` (${account.email ?? `+${account.countryCode} ${account.mobile}`})`
            : ''}
          .
        </Typography.Paragraph>
        <div className="nl-scan-phone-actions">
          <Button
            type="primary"
            size="large"
            block
            loading={busy === 'confirm'}
            disabled={busy !== null}
            onClick={() => void answer('confirm', t.browser)}
          >
            Confirm sign-in
          </Button>
          <Button
            size="large"
            block
            danger
            loading={busy === 'refuse'}
            disabled={busy !== null}
            onClick={() => void answer('refuse', t.browser)}
          >
            Refuse
          </Button>
        </div>
      </>
    );
  }

  return (
    <main className="nl-scan-phone">
      <div className="nl-scan-phone-brand">
        <img src="/netloom-mark.svg" alt="" width={28} height={28} />
        <span>Netloom</span>
      </div>
      <Card className="nl-scan-phone-card" data-testid="scan-phone">
        {body}
      </Card>
    </main>
  );
}

function asApiError(e: unknown): ApiError {
  return e instanceof ApiError ? e : new ApiError(ERR.NETWORK_ERROR);
}
