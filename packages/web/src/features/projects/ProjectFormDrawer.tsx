import {
  DEFAULT_NET_MODE,
  DEFAULT_TIME_ZONE,
  NET_MODES,
  type NetMode,
  netModeSchema,
  PROJECT_ADDRESS_MAX_LENGTH,
  PROJECT_LOCATION_MAX_LENGTH,
  PROJECT_NAME_MAX_LENGTH,
  type Project,
  type ProjectInput,
  type ProjectPlace,
  projectAddressSchema,
  projectLocationSchema,
  projectNameSchema,
  SCENARIO_LABELS,
  SCENARIOS,
  type Scenario,
  scenarioSchema,
  timeZoneSchema,
} from '@netloom/domain';
import { Alert, App, Button, Drawer, Flex, Form, Input, Radio, Select, Typography } from 'antd';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { ApiError } from '../../api/client';
import { applyServerIssues, zodRule } from '../../components/zodRule';
import { useCurrentProject } from '../../session/session';
import { TransferSection } from '../transfer';
import { useSaveProject } from './api';
import { ProjectLockSection } from './ProjectLockSection';
import { TimeZoneSelect } from './TimeZoneSelect';

// The picker and its map (d3-geo, the gazetteer search) load when the drawer first shows it.
const LocationPicker = lazy(() => import('../datascreen').then((m) => ({ default: m.LocationPicker })));

/** The form item's control: `Form.Item` hands value and onChange to its direct child. */
function PlaceField(props: {
  value?: ProjectPlace | null;
  onChange?(value: ProjectPlace | null): void;
  disabled?: boolean;
}) {
  return (
    <Suspense fallback={null}>
      <LocationPicker {...props} />
    </Suspense>
  );
}

interface ProjectFormValues {
  name: string;
  netMode: NetMode;
  scenario: Scenario | undefined;
  location: string;
  address: string;
  timeZone: string;
  /** Its place on the data screen's map (the location picker); null: not on the map. */
  place: ProjectPlace | null;
}

interface ProjectFormDrawerProps {
  open: boolean;
  /** The project to edit; null or absent to create one. */
  project?: Project | null;
  onClose(): void;
  /** Called with the saved project after a successful create or edit. */
  onSaved?(project: Project): void;
}

const NET_MODE_CHOICES: { value: NetMode; title: string; description: string }[] = [
  {
    value: NET_MODES.WLAN,
    title: 'Traditional WLAN',
    description: 'Gateway, switches and access points connected by cable.',
  },
  {
    value: NET_MODES.MESH,
    title: 'Cable-free (mesh) WLAN',
    description: 'Mesh routers that link to each other wirelessly.',
  },
];

const SCENARIO_OPTIONS = SCENARIOS.map((s) => ({ value: s, label: SCENARIO_LABELS[s] }));

function initialValues(project: Project | null | undefined): ProjectFormValues {
  if (!project) {
    return {
      name: '',
      netMode: DEFAULT_NET_MODE,
      scenario: undefined,
      location: '',
      address: '',
      timeZone: DEFAULT_TIME_ZONE,
      place: null,
    };
  }
  const { name, netMode, scenario, location, address, timeZone, place } = project;
  return { name, netMode, scenario, location, address, timeZone, place };
}

/** Create / edit a project in a drawer: labels above fields, the domain's rules inline before submit. */
export function ProjectFormDrawer({ open, project, onClose, onSaved }: ProjectFormDrawerProps) {
  const [form] = Form.useForm<ProjectFormValues>();
  const { message } = App.useApp();
  const save = useSaveProject();
  const { project: current, selectProject } = useCurrentProject();
  const [serverError, setServerError] = useState<string | null>(null);
  // The lock is switched on its own (it takes effect at once); the form follows it.
  const [locked, setLocked] = useState(project?.locked ?? false);
  const editing = Boolean(project);
  // §3: the network mode is fixed once the project has devices.
  const netModeLocked = editing && (project?.deviceCount ?? 0) > 0;

  // Filled when the drawer opens (or opens on another project), not whenever the project record
  // refetches while it is open: a live update never overwrites what the user is typing.
  const latest = useRef(project);
  latest.current = project;
  const projectId = project?.id;
  // biome-ignore lint/correctness/useExhaustiveDependencies: refill when it opens on another project (the id), not on every refetch of the same one.
  useEffect(() => {
    if (!open) return;
    const p = latest.current;
    form.resetFields();
    form.setFieldsValue(initialValues(p));
    setServerError(null);
    setLocked(p?.locked ?? false);
  }, [open, projectId, form]);

  async function handleSubmit(values: ProjectFormValues) {
    setServerError(null);
    const input: ProjectInput = {
      name: values.name,
      netMode: values.netMode,
      // The form rule has already refused an empty scenario.
      scenario: values.scenario ?? 'other',
      location: values.location ?? '',
      address: values.address ?? '',
      timeZone: values.timeZone,
      place: values.place ?? null,
    };
    try {
      const saved = project
        ? await save.mutateAsync({
            id: project.id,
            input: netModeLocked ? { ...input, netMode: undefined } : input,
          })
        : await save.mutateAsync({ id: null, input });
      message.success(project ? `Project “${saved.name}” saved.` : `Project “${saved.name}” created.`);
      // Keep the session copy of the current project (§3) in step with its new name and mode.
      if (current?.id === saved.id) selectProject(saved);
      onSaved?.(saved);
      onClose();
    } catch (error) {
      // Keep everything the user typed; show the server's words next to the fields and on top.
      const apiError = error instanceof ApiError ? error : null;
      if (apiError) applyServerIssues(form, apiError);
      setServerError(apiError?.message ?? 'Save failed. Please try again.');
    }
  }

  return (
    <Drawer
      open={open}
      onClose={onClose}
      size={480}
      title={editing ? 'Edit project' : 'Create project'}
      destroyOnHidden={false}
      footer={
        <Flex justify="flex-end" gap={8}>
          <Button onClick={onClose}>Cancel</Button>
          <Button
            type="primary"
            loading={save.isPending}
            disabled={editing && locked}
            title={editing && locked ? 'Unlock the configuration to change the project.' : undefined}
            onClick={() => form.submit()}
          >
            {editing ? 'Save changes' : 'Create project'}
          </Button>
        </Flex>
      }
    >
      {serverError ? (
        <Alert type="error" showIcon title={serverError} style={{ marginBottom: 16 }} role="alert" />
      ) : null}
      {project ? (
        <ProjectLockSection
          project={project}
          locked={locked}
          onChange={(saved) => {
            setLocked(saved.locked);
            setServerError(null);
          }}
        />
      ) : null}
      {project ? <TransferSection project={project} onTransferred={onClose} /> : null}
      <Form<ProjectFormValues>
        form={form}
        disabled={editing && locked}
        layout="vertical"
        requiredMark="optional"
        onFinish={handleSubmit}
        initialValues={initialValues(project)}
        aria-label={editing ? 'Edit project' : 'Create project'}
      >
        <Form.Item
          name="name"
          label="Project name"
          required
          extra={`Up to ${PROJECT_NAME_MAX_LENGTH} characters; no emoticons, no spaces at either end.`}
          rules={[zodRule(projectNameSchema)]}
        >
          {/* `count.max` shows the limit without cutting what was typed, so the rule can explain it. */}
          <Input placeholder="e.g. Harbour Hotel" count={{ show: true, max: PROJECT_NAME_MAX_LENGTH }} />
        </Form.Item>

        <Form.Item
          name="netMode"
          label="Network mode"
          required
          rules={[zodRule(netModeSchema)]}
          extra={
            netModeLocked
              ? 'Fixed: this project already has devices.'
              : 'Fixed once devices are added to the project.'
          }
        >
          <Radio.Group disabled={netModeLocked} style={{ width: '100%' }}>
            <Flex vertical gap={8}>
              {NET_MODE_CHOICES.map((choice) => (
                <Radio key={choice.value} value={choice.value} className="nl-choice">
                  <Typography.Text strong>{choice.title}</Typography.Text>
                  <br />
                  <Typography.Text type="secondary">{choice.description}</Typography.Text>
                </Radio>
              ))}
            </Flex>
          </Radio.Group>
        </Form.Item>

        <Form.Item name="scenario" label="Scenario" required rules={[zodRule(scenarioSchema)]}>
          <Select placeholder="Choose a scenario" options={SCENARIO_OPTIONS} />
        </Form.Item>

        <Form.Item
          name="location"
          label="Location"
          extra={`City or region, up to ${PROJECT_LOCATION_MAX_LENGTH} characters.`}
          rules={[zodRule(projectLocationSchema)]}
        >
          <Input placeholder="e.g. Shenzhen" maxLength={PROJECT_LOCATION_MAX_LENGTH} />
        </Form.Item>

        <Form.Item
          name="place"
          label="Place on the map"
          extra="Where the data screen shows the project. Pick the city, then click the map to move the pin."
        >
          <PlaceField />
        </Form.Item>

        <Form.Item
          name="address"
          label="Detailed address"
          extra={`Up to ${PROJECT_ADDRESS_MAX_LENGTH} characters.`}
          rules={[zodRule(projectAddressSchema)]}
        >
          <Input.TextArea
            placeholder="Street, building, floor"
            maxLength={PROJECT_ADDRESS_MAX_LENGTH}
            autoSize={{ minRows: 2, maxRows: 4 }}
          />
        </Form.Item>

        <Form.Item
          name="timeZone"
          label="Time zone"
          required
          extra="Wi-Fi and RF optimisation schedules and daily statistics follow this zone, summer time included."
          rules={[zodRule(timeZoneSchema)]}
        >
          <TimeZoneSelect />
        </Form.Item>
      </Form>
    </Drawer>
  );
}

export default ProjectFormDrawer;
