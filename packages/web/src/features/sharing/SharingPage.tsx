/**
 * Share & permissions (`/manage/authority`, issue 14 §1, spec §2/§3/§6): who the project is shared
 * with, their permission, role and expiry; share by account, invitation codes, change, revoke; a
 * member of a shared project may leave it. Live: the list follows shares given, revoked and expired.
 */
import { KeyOutlined, LogoutOutlined, ShareAltOutlined } from '@ant-design/icons';
import { type Invitation, type ProjectShare, SHARE_MAX_MANAGEABLE_PER_PROJECT } from '@netloom/domain';
import { Alert, App, Button, Card, Table } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { ApiError } from '../../api/client';
import { QueryContent } from '../../components/LoadError';
import { PageHeader } from '../../components/PageHeader';
import { MENU_PAGES } from '../../navigation/paths';
import { useCurrentProject } from '../../session/session';
import { useInvitationActions, useInvitations, useLeaveProject, useShareActions, useShares } from './api';
import { invitationColumns, shareColumns } from './columns';
import { InvitationModal } from './InvitationModal';
import { ShareDrawer } from './ShareDrawer';
import { useNow } from './useNow';
import './sharing.css';

const TICK_MS = 30_000;

export default function SharingPage() {
  const { project, clearProject } = useCurrentProject();
  const projectId = project?.id ?? 0;
  const owner = project?.right === 'own';
  const shares = useShares(projectId);
  const canManage = shares.data?.canManage ?? false;
  const canShareManage = shares.data?.canShareManage ?? false;
  const invitations = useInvitations(projectId, canManage);
  const shareActions = useShareActions(projectId);
  const invitationActions = useInvitationActions(projectId);
  const leave = useLeaveProject();
  const { message, modal } = App.useApp();
  const navigate = useNavigate();
  const now = useNow(TICK_MS);
  const [drawer, setDrawer] = useState<{ editing: ProjectShare | null } | null>(null);
  const [inviting, setInviting] = useState(false);

  function failed(err: unknown, fallback: string) {
    if (err instanceof ApiError && err.shownGlobally) return;
    message.error(err instanceof Error ? err.message : fallback);
  }

  const items = shares.data?.items ?? [];
  const managers = items.filter((s) => s.permission === 'rw' && !s.expired).length;

  const columns = shareColumns({
    now,
    canChange: canManage ? (s) => canShareManage || s.permission === 'r' : null,
    onChange: (s) => setDrawer({ editing: s }),
    onRevoke: (s) =>
      modal.confirm({
        title: `Revoke ${s.nick || s.account}'s access?`,
        content: 'The project disappears from their console at once, open pages included.',
        okText: 'Revoke',
        okButtonProps: { danger: true },
        onOk: () =>
          shareActions.revoke.mutateAsync(s.accountId).then(
            () => message.success('Access revoked.'),
            (err: unknown) => failed(err, 'The share could not be revoked.'),
          ),
      }),
  });

  const inviteColumns = invitationColumns({
    now,
    onDelete: (i: Invitation) =>
      modal.confirm({
        title: 'Withdraw this invitation code?',
        content: 'Nobody can join with it any more; members who joined keep their access.',
        okText: 'Withdraw',
        okButtonProps: { danger: true },
        onOk: () =>
          invitationActions.remove.mutateAsync(i.id).then(
            () => message.success('Invitation code withdrawn.'),
            (err: unknown) => failed(err, 'The code could not be withdrawn.'),
          ),
      }),
  });

  function handleLeave() {
    modal.confirm({
      title: `Leave ${project?.projectName ?? 'this project'}?`,
      content: 'You lose access to the project until its owner shares it with you again.',
      okText: 'Leave project',
      okButtonProps: { danger: true },
      onOk: () =>
        leave.mutateAsync(projectId).then(
          () => {
            message.success('You left the project.');
            clearProject();
            navigate(MENU_PAGES.projectList);
          },
          (err: unknown) => failed(err, 'The project could not be left.'),
        ),
    });
  }

  return (
    <>
      <PageHeader
        title="Share & permissions"
        description="Share this project with other accounts, read-only or manageable, for a while or for good."
        actions={
          <>
            {!owner && project ? (
              <Button danger icon={<LogoutOutlined />} onClick={handleLeave}>
                Leave project
              </Button>
            ) : null}
            {canManage ? (
              <>
                <Button icon={<KeyOutlined />} onClick={() => setInviting(true)}>
                  Invite with code
                </Button>
                <Button
                  type="primary"
                  icon={<ShareAltOutlined />}
                  onClick={() => setDrawer({ editing: null })}
                >
                  Share
                </Button>
              </>
            ) : null}
          </>
        }
      />
      {!owner && !canManage && shares.isSuccess ? (
        <Alert
          className="nl-share-alert"
          type="info"
          showIcon
          title="This project is shared with you as a guest: you can see who it is shared with, not change it."
        />
      ) : null}
      <Card
        className="nl-share-card"
        title="Members"
        extra={`${managers} of ${SHARE_MAX_MANAGEABLE_PER_PROJECT} manageable permissions used`}
      >
        <QueryContent query={shares} title="The shares could not be loaded.">
          <Table<ProjectShare>
            rowKey="accountId"
            size="middle"
            columns={columns}
            dataSource={items}
            scroll={{ x: 760 }}
            pagination={{ pageSize: 20, showSizeChanger: false, hideOnSinglePage: true }}
            rowClassName={(s) => (s.expired ? 'nl-share-expired' : '')}
            locale={{ emptyText: 'Not shared with anyone yet — click Share or Invite with code.' }}
          />
        </QueryContent>
      </Card>
      {canManage ? (
        <Card className="nl-share-card" title="Invitation codes">
          <QueryContent query={invitations} title="The invitation codes could not be loaded.">
            <Table<Invitation>
              rowKey="id"
              size="middle"
              columns={inviteColumns}
              dataSource={invitations.data?.items ?? []}
              scroll={{ x: 760 }}
              pagination={{ pageSize: 10, showSizeChanger: false, hideOnSinglePage: true }}
              locale={{ emptyText: 'No invitation codes — Invite with code makes one to send.' }}
            />
          </QueryContent>
        </Card>
      ) : null}
      <ShareDrawer
        projectId={projectId}
        open={drawer !== null}
        editing={drawer?.editing ?? null}
        canShareManage={canShareManage}
        onClose={() => setDrawer(null)}
        onDone={(text) => {
          setDrawer(null);
          message.success(text);
        }}
      />
      <InvitationModal
        projectId={projectId}
        open={inviting}
        canShareManage={canShareManage}
        onClose={() => setInviting(false)}
      />
    </>
  );
}
