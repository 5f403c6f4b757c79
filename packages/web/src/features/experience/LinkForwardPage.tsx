import './experience.css';
import { LinkOutlined } from '@ant-design/icons';
import { STATIC_PAGE_QUERY, safeForwardPath } from '@netloom/domain';
import { Button, Card, Result, Spin } from 'antd';
import { useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { useCurrentProject } from '../../session/session';
import { fetchProject, useOpenProject } from '../projects';

/**
 * /static/lrf — the link forwarder (§2's lazy-loaded screen; docs/decisions.md): a link from an
 * e-mail, a notification or a colleague (`?to=/manage/alarminfo&project=12`) signs the visitor in
 * (the session guard sends them to the login page and back), makes that project the current one
 * and opens the page. A project they cannot open, or a path off this console, says so.
 */
export default function LinkForwardPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const { selectProject } = useCurrentProject();
  const openProject = useOpenProject();
  const [problem, setProblem] = useState<string | null>(null);
  const to = safeForwardPath(params.get(STATIC_PAGE_QUERY.to));
  const projectId = Number(params.get(STATIC_PAGE_QUERY.project));

  useEffect(() => {
    let cancelled = false;
    async function forward() {
      if (!Number.isInteger(projectId) || projectId <= 0) {
        if (to) navigate(to, { replace: true });
        else setProblem('This link does not say which page to open.');
        return;
      }
      try {
        const project = await fetchProject(projectId);
        if (cancelled) return;
        if (to) {
          selectProject(project);
          navigate(to, { replace: true });
        } else openProject(project);
      } catch (error) {
        if (!cancelled)
          setProblem(error instanceof Error ? error.message : 'The project could not be opened.');
      }
    }
    void forward();
    return () => {
      cancelled = true;
    };
  }, [projectId, to, navigate, selectProject, openProject]);

  return (
    <Card className="nl-static-card">
      {problem ? (
        <Result
          status="warning"
          icon={<LinkOutlined />}
          title="This link cannot be opened"
          subTitle={`${problem} The project may have been deleted, or it is not shared with this account.`}
          extra={
            <Button type="primary" onClick={() => navigate('/', { replace: true })}>
              Go to the console
            </Button>
          }
        />
      ) : (
        <Result
          icon={<Spin size="large" />}
          title="Opening the link…"
          subTitle={to ? `Taking you to ${to}.` : "Opening the project's first page."}
        />
      )}
    </Card>
  );
}
