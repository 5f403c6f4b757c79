import { Card, Empty, Tabs } from 'antd';
import { useSearchParams } from 'react-router';
import { useCurrentProject } from '../../app/session';
import { PageHeader } from '../../components/PageHeader';
import { AuditTable } from './AuditTable';
import { RevisionsTable } from './RevisionsTable';
import './config.css';

const TABS = ['changes', 'versions'] as const;
type LogTab = (typeof TABS)[number];

/** /manage/runlog — the project's log (§2 "Log"): configuration changes and versions. */
export default function LogPage() {
  const { project } = useCurrentProject();
  const [params, setParams] = useSearchParams();
  const raw = params.get('tab');
  const tab: LogTab = TABS.includes(raw as LogTab) ? (raw as LogTab) : 'changes';
  function handleTab(key: string) {
    setParams(
      (p) => {
        p.set('tab', key);
        return p;
      },
      { replace: true },
    );
  }
  return (
    <>
      <PageHeader
        title="Log"
        description="Who changed the project’s configuration, when, and on which devices."
      />
      <Card className="nl-table-card nl-log-card">
        {project ? (
          <Tabs
            activeKey={tab}
            onChange={handleTab}
            items={[
              {
                key: 'changes',
                label: 'Configuration changes',
                children: <AuditTable projectId={project.id} />,
              },
              {
                key: 'versions',
                label: 'Configuration versions',
                children: <RevisionsTable projectId={project.id} />,
              },
            ]}
          />
        ) : (
          <Empty description="Choose a project in the header to see its log." />
        )}
      </Card>
    </>
  );
}
