import './experience.css';
import { Card, Result, Spin } from 'antd';
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { PAGES } from '../../navigation/paths';
import { useSessionInfo } from '../../session/sessionApi';

/**
 * /static/wechatTransfer — the social-login return page (docs/decisions.md): the server's social
 * callback sends a signed-in browser here (`SOCIAL_PAGE_PATHS.signedIn`); it confirms the session
 * and opens the console on its landing page, or — when the sign-in did not hold — the login page's
 * social tab.
 */
export default function SocialReturnPage() {
  const navigate = useNavigate();
  const session = useSessionInfo();
  useEffect(() => {
    if (session.isSuccess) navigate('/', { replace: true });
    else if (session.isError) navigate(`${PAGES.login}?tab=social`, { replace: true });
  }, [session.isSuccess, session.isError, navigate]);
  return (
    <div className="nl-center-page">
      <Card className="nl-static-card">
        <Result
          icon={<Spin size="large" />}
          title="Signing you in…"
          subTitle="Your social account is confirmed. The console opens in a moment."
        />
      </Card>
    </div>
  );
}
