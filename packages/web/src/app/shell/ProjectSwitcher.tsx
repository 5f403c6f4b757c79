import { AppstoreAddOutlined, KeyOutlined, UnorderedListOutlined } from '@ant-design/icons';
import { NET_MODE_LABELS, PROJECT_RIGHT_LABELS, type Project } from '@netloom/domain';
import { Button, Divider, Flex, Select, Typography } from 'antd';
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { useProjects } from '../../features/projects';
import { MENU_PAGES, NEW_PROJECT_PATH, PAGES } from '../../navigation/paths';
import { useProjectLanding } from '../../session/menuContext';
import { useCurrentProject } from '../../session/session';

/**
 * Header project switcher (UI.md): searchable, shows each project's network mode and the caller's
 * right. Choosing one makes it the session project (§3) and opens its landing page.
 */
export function ProjectSwitcher() {
  const navigate = useNavigate();
  const { project, selectProject, clearProject } = useCurrentProject();
  const projects = useProjects();
  const projectLanding = useProjectLanding();
  const items = projects.data?.items ?? [];

  // The kept project may have been deleted or unshared elsewhere: forget it.
  useEffect(() => {
    if (project && projects.isSuccess && !items.some((p) => p.id === project.id)) clearProject();
  }, [project, projects.isSuccess, items, clearProject]);

  const handleSelect = (id: number) => {
    const p = items.find((x) => x.id === id);
    if (!p) return;
    selectProject(p);
    navigate(projectLanding(p));
  };

  return (
    <Select<number, { value: number; label: string; project: Project }>
      className="nl-project-switcher"
      aria-label="Current project"
      showSearch={{ optionFilterProp: 'label' }}
      placeholder={projects.isError ? 'Projects could not be loaded' : 'Choose a project'}
      loading={projects.isPending}
      value={project?.id}
      onChange={handleSelect}
      notFoundContent={
        projects.isPending
          ? 'Loading projects…'
          : items.length === 0
            ? 'No projects yet'
            : 'No matching project'
      }
      options={items.map((p) => ({ value: p.id, label: p.name, project: p }))}
      labelRender={({ label }) => (
        <span className="nl-switcher-label">
          <Typography.Text type="secondary">Project</Typography.Text> {label}
        </span>
      )}
      optionRender={({ data }) => (
        <div className="nl-switcher-option">
          <div className="nl-switcher-name">{data.project.name}</div>
          <div className="nl-switcher-meta">
            {NET_MODE_LABELS[data.project.netMode]} · {PROJECT_RIGHT_LABELS[data.project.right]}
          </div>
        </div>
      )}
      popupRender={(menu) => (
        <>
          {menu}
          <Divider style={{ margin: '4px 0' }} />
          <Flex gap={4} className="nl-switcher-footer">
            <Button
              type="text"
              size="small"
              icon={<UnorderedListOutlined />}
              onClick={() => navigate(MENU_PAGES.projectList)}
            >
              All projects
            </Button>
            <Button
              type="text"
              size="small"
              icon={<AppstoreAddOutlined />}
              onClick={() => navigate(NEW_PROJECT_PATH)}
            >
              New project
            </Button>
            <Button
              type="text"
              size="small"
              icon={<KeyOutlined />}
              onClick={() => navigate(PAGES.joinProject)}
            >
              Join with code
            </Button>
          </Flex>
        </>
      )}
      popupMatchSelectWidth={300}
    />
  );
}
