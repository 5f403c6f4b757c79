import { ArrowLeftOutlined, PlusOutlined } from '@ant-design/icons';
import {
  canConfigure,
  describeProfile,
  ERR,
  errorMessage,
  type PortProfile,
  type PortProfilesSettings,
  type PortProfilesView,
} from '@netloom/domain';
import { App, Button, Card, Skeleton, Tooltip } from 'antd';
import { type ReactNode, useState } from 'react';
import { useNavigate } from 'react-router';
import { ApiError } from '../../api/client';
import { useLiveQueryInvalidation } from '../../api/live';
import { LoadError } from '../../components/LoadError';
import { PageHeader } from '../../components/PageHeader';
import { MENU_PAGES } from '../../navigation/paths';
import { DEMO_DISABLED_TITLE, useIsDemoProject } from '../../session/demoProject';
import { useCurrentProject } from '../../session/session';
import { ConfigHistoryButton, useConfigSaveFlow } from '../config';
import { ApplyProfileModal } from './ApplyProfileModal';
import { ProfileDrawer } from './ProfileDrawer';
import { ProfileSuggestions } from './ProfileSuggestions';
import { ProfilesTable } from './ProfilesTable';
import { useDeleteProfile, usePortProfiles, useSavePortProfiles } from './profileApi';
import { followersText, newProfileId, type ProfileDraft } from './profileForm';
import './switching.css';

/** /manage/devconf/port-profiles — the project's port profiles: create, edit, apply, delete. */
export default function PortProfilesPage() {
  const { project } = useCurrentProject();
  if (!project) return null; // the route guard asks for a project first
  return <PortProfiles projectId={project.id} canWrite={canConfigure(project.right)} />;
}

function PortProfiles({ projectId, canWrite }: { projectId: number; canWrite: boolean }) {
  const navigate = useNavigate();
  const demo = useIsDemoProject();
  useLiveQueryInvalidation(projectId);
  const view = usePortProfiles(projectId);
  const blocked = demo ? DEMO_DISABLED_TITLE : canWrite ? null : errorMessage(ERR.READ_ONLY_SHARE);
  const back = (
    <Button icon={<ArrowLeftOutlined />} onClick={() => navigate(MENU_PAGES.devices)}>
      Devices
    </Button>
  );
  const header = (actions?: ReactNode) => (
    <PageHeader
      title="Port profiles"
      description="Named sets of port settings. Apply one to many switch ports at once; ports that follow a profile change with it."
      actions={
        <>
          {back}
          {actions}
        </>
      }
    />
  );
  if (view.isError)
    return (
      <>
        {header()}
        <LoadError query={view} title="The port profiles could not be loaded." />
      </>
    );
  if (!view.data)
    return (
      <>
        {header()}
        <Card>
          <Skeleton active paragraph={{ rows: 6 }} />
        </Card>
      </>
    );
  return <ProfilesWorkspace projectId={projectId} view={view.data} blocked={blocked} header={header} />;
}

interface WorkspaceProps {
  projectId: number;
  view: PortProfilesView;
  blocked: string | null;
  header(actions?: ReactNode): ReactNode;
}

function ProfilesWorkspace({ projectId, view, blocked, header }: WorkspaceProps) {
  const { modal, message } = App.useApp();
  const [editing, setEditing] = useState<PortProfile | 'new' | null>(null);
  const [applying, setApplying] = useState<PortProfile | null>(null);
  const mutation = useSavePortProfiles(projectId);
  const remove = useDeleteProfile(projectId);
  const { save, saving } = useConfigSaveFlow({ kind: 'portProfiles' });

  const saveProfiles = (profiles: PortProfile[]) =>
    save(mutation, { baseVersion: view.version, settings: { profiles } satisfies PortProfilesSettings });

  const handleCreate = async (draft: ProfileDraft) => {
    const result = await saveProfiles([...view.settings.profiles, { ...draft, id: newProfileId() }]);
    if (result) setEditing(null);
  };
  const handleEdit = (profile: PortProfile, draft: ProfileDraft) => {
    const next = view.settings.profiles.map((p) => (p.id === profile.id ? { ...draft, id: p.id } : p));
    const followers = followersText(view, profile.id);
    const run = async () => {
      if (await saveProfiles(next)) setEditing(null);
    };
    if (followers === 'No ports') return void run();
    modal.confirm({
      title: `Save "${draft.name}" and update the ports that follow it?`,
      content: `${followers} follow this profile and get its new settings: ${describeProfile(draft)}.`,
      okText: 'Save and update',
      onOk: run,
    });
  };
  const handleDelete = (profile: PortProfile) => {
    const followers = followersText(view, profile.id);
    modal.confirm({
      title: `Delete "${profile.name}"?`,
      content:
        followers === 'No ports'
          ? 'No port follows it.'
          : `${followers} follow it. They keep their current settings and stop following the profile.`,
      okText: 'Delete profile',
      okButtonProps: { danger: true },
      onOk: async () => {
        try {
          const result = await remove.mutateAsync({ profileId: profile.id, baseVersion: view.version });
          const n = result.detached.reduce((sum, s) => sum + s.ports.length, 0);
          message.success(
            n > 0 ? `"${profile.name}" deleted; ${n} ports detached.` : `"${profile.name}" deleted.`,
          );
        } catch (e) {
          message.error(e instanceof ApiError ? e.message : String(e));
        }
      },
    });
  };

  const newButton = (
    <Button
      type="primary"
      icon={<PlusOutlined />}
      disabled={blocked !== null}
      onClick={() => setEditing('new')}
    >
      New profile
    </Button>
  );
  return (
    <div className="nl-profiles-page" data-testid="port-profiles-page">
      {header(
        <>
          <ConfigHistoryButton projectId={projectId} kind="portProfiles" currentVersion={view.version} />
          {blocked ? <Tooltip title={blocked}>{newButton}</Tooltip> : newButton}
        </>,
      )}
      <ProfileSuggestions
        view={view}
        disabled={blocked !== null || saving}
        onCreate={(p) => saveProfiles([...view.settings.profiles, { ...p, id: newProfileId() }])}
      />
      <Card size="small" title="Profiles" className="nl-ports-card">
        <ProfilesTable
          view={view}
          blocked={blocked}
          onApply={setApplying}
          onEdit={setEditing}
          onDelete={handleDelete}
          onNew={() => setEditing('new')}
        />
      </Card>
      {editing ? (
        <ProfileDrawer
          view={view}
          editing={editing === 'new' ? null : editing}
          saving={saving}
          onClose={() => setEditing(null)}
          onSave={(draft) => (editing === 'new' ? handleCreate(draft) : handleEdit(editing, draft))}
        />
      ) : null}
      {applying ? (
        <ApplyProfileModal
          projectId={projectId}
          view={view}
          profile={applying}
          onClose={() => setApplying(null)}
        />
      ) : null}
    </div>
  );
}
