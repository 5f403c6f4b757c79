/** `/join?code=…`: the page an invitation link opens, once signed in. */
import { Card, Typography } from 'antd';
import { useSearchParams } from 'react-router';
import { PageHeader } from '../../components/PageHeader';
import { JoinProjectForm } from './JoinProjectForm';
import './sharing.css';

export default function JoinProjectPage() {
  const [params] = useSearchParams();
  return (
    <>
      <PageHeader
        title="Join a project"
        description="Someone shared a project with you by invitation code."
      />
      <Card className="nl-join-card">
        <Typography.Paragraph type="secondary">
          Joining adds the project to your project list with the permission the invitation gives.
        </Typography.Paragraph>
        <JoinProjectForm initialCode={params.get('code') ?? ''} />
      </Card>
    </>
  );
}
