import { ERR, type Project, type SessionInfo } from '@netloom/domain';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, Button } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { ApiError } from '../../api/client';
import { storage } from '../../browser/storage';
import { projectLanding } from '../../session/menuContext';
import { useCurrentProject } from '../../session/session';
import { fetchSession, sessionKey } from '../../session/sessionApi';
import { demoApi } from './api';
import './demo.css';

/**
 * The "Demo" tab of the sign-in screen: what the live demo is, and one button that signs in as the
 * demo visitor and opens demo project 500000 (the hotel) on its first page.
 */
export function DemoPanel({ idPrefix }: { idPrefix: string }) {
  const [entering, setEntering] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { selectProject, clearProject } = useCurrentProject();

  const enter = async () => {
    setError(null);
    setEntering(true);
    try {
      const { projectId } = await demoApi.enter();
      storage.setAccessType('web');
      clearProject();
      // The session as the console reads it (account, access type, permission flags).
      const session = await queryClient.fetchQuery({ queryKey: sessionKey, queryFn: () => fetchSession() });
      let project: Project | null = null;
      try {
        // The projects feature loads only now, keeping the sign-in route light.
        const { fetchProject } = await import('../projects');
        project = await fetchProject(projectId);
      } catch {
        // The console still opens (on the project list) if the demo project cannot be read.
      }
      land(session, project);
    } catch (e) {
      const err = e instanceof ApiError ? e : new ApiError(ERR.SERVER_ERROR);
      setError(err.code === ERR.NOT_EXIST ? 'The live demo is not running on this server.' : err.message);
      setEntering(false);
    }
  };

  const land = (session: SessionInfo, project: Project | null) => {
    if (!project) {
      navigate('/', { replace: true });
      return;
    }
    selectProject(project);
    navigate(projectLanding(project, { ...session, role: session.account.role }), { replace: true });
  };

  return (
    <div
      id={`${idPrefix}-panel`}
      role="tabpanel"
      aria-labelledby={`${idPrefix}-tab-demo`}
      className="nl-demo-panel"
    >
      <p className="nl-demo-lead">
        Explore a live network without an account: a hotel with a gateway, PoE switches, access points, a
        wireless bridge, recorders and cameras, and a home mesh network — simulated devices reporting to this
        console in real time.
      </p>
      <ul className="nl-demo-points">
        <li>Device lists, status and clients update live.</li>
        <li>Monitoring charts fill within a minute.</li>
        <li>Demo projects are read-only: changes and remote management are not available.</li>
      </ul>
      {error ? <Alert type="error" showIcon title={error} className="nl-auth-alert" role="alert" /> : null}
      <Button type="primary" block size="large" loading={entering} onClick={() => void enter()}>
        Enter live demo
      </Button>
    </div>
  );
}
