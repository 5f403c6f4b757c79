import { DeleteOutlined, EditOutlined, UploadOutlined } from '@ant-design/icons';
import { type MapSummary, mapNameSchema } from '@netloom/domain';
import { App, Button, Card, Empty, Form, Input, Modal, Select, Skeleton, Space, Tag, Tooltip } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { ApiError } from '../../api/client';
import { plural } from '../../components/format';
import { LoadError } from '../../components/LoadError';
import { PageHeader } from '../../components/PageHeader';
import { zodRule } from '../../components/zodRule';
import { changeBlockedReason } from '../../session/projectRights';
import { useCurrentProject } from '../../session/session';
import { useMap, useMapChanges, useMaps, usePlaceableDevices } from './api';
import { MapWorkspace } from './MapWorkspace';
import { UploadMapDialog } from './UploadMapDialog';
import './maps.css';

/** /manage/visualization/td — floor plans with APs, walls and the Wi-Fi heat map (issue 12 §1–§2, beta). */
export default function MapsPage() {
  const { project } = useCurrentProject();
  const projectId = project?.id ?? 0;
  const blockedReason = changeBlockedReason(project);
  const list = useMaps(projectId);
  const maps = list.data?.maps ?? [];
  const [chosen, setChosen] = useState<number | null>(null);
  const current = maps.find((m) => m.id === chosen) ?? maps[0] ?? null;
  const detail = useMap(projectId, current?.id ?? null);
  const devices = usePlaceableDevices(projectId);
  const [uploading, setUploading] = useState(false);
  const [unsaved, setUnsaved] = useState(false);
  const { modal } = App.useApp();

  const elsewhere = useMemo(() => {
    const out = new Map<number, string>();
    for (const m of maps) if (m.id !== current?.id) for (const p of m.placements) out.set(p.deviceId, m.name);
    return out;
  }, [maps, current?.id]);

  const choose = (id: number) => {
    if (!unsaved) return setChosen(id);
    modal.confirm({
      title: 'Switch maps without saving the walls?',
      content: 'The walls drawn since the last save will be lost.',
      okText: 'Switch',
      okButtonProps: { danger: true },
      onOk: () => {
        setUnsaved(false);
        setChosen(id);
      },
    });
  };

  const uploadButton = (
    <Button
      type="primary"
      icon={<UploadOutlined />}
      disabled={blockedReason !== null}
      onClick={() => setUploading(true)}
    >
      Upload map
    </Button>
  );
  return (
    <>
      <PageHeader
        title={
          <>
            Wi-Fi map <Tag color="blue">Beta</Tag>
          </>
        }
        description="Floor plans with your APs, the walls between them and the Wi-Fi coverage they give, from their live radio settings."
        actions={<Tooltip title={blockedReason}>{uploadButton}</Tooltip>}
      />
      <LoadError query={list} title="The maps could not be loaded." style={{ marginBottom: 16 }} />
      {list.isPending ? (
        <Card>
          <Skeleton active paragraph={{ rows: 8 }} />
        </Card>
      ) : maps.length === 0 ? (
        <Card>
          <Empty
            className="nl-map-empty"
            description={
              blockedReason === null
                ? 'No floor plans yet. Upload a JPG, PNG or PDF of a floor, set its scale, draw the walls and place your APs.'
                : `No floor plans yet. ${blockedReason}`
            }
          >
            {uploadButton}
          </Empty>
        </Card>
      ) : current ? (
        <>
          <MapPicker
            projectId={projectId}
            maps={maps}
            current={current}
            onChoose={choose}
            blockedReason={blockedReason}
            onDeleted={() => setChosen(null)}
          />
          <LoadError query={detail} title="The map could not be loaded." style={{ marginBottom: 16 }} />
          {detail.data && detail.data.id === current.id ? (
            <MapWorkspace
              key={current.id}
              projectId={projectId}
              map={detail.data}
              elsewhere={elsewhere}
              devices={devices.data?.items ?? []}
              blockedReason={blockedReason}
              onUnsavedChange={setUnsaved}
            />
          ) : (
            <Card>
              <Skeleton active paragraph={{ rows: 8 }} />
            </Card>
          )}
        </>
      ) : null}
      <UploadMapDialog
        projectId={projectId}
        open={uploading}
        onClose={() => setUploading(false)}
        onUploaded={(id) => {
          setUploading(false);
          // Unsaved walls keep their map on screen; the new map is in the list to pick.
          if (id !== null && !unsaved) setChosen(id);
        }}
      />
    </>
  );
}

/** The map chooser with rename and delete. */
function MapPicker(props: {
  projectId: number;
  maps: readonly MapSummary[];
  current: MapSummary;
  onChoose: (id: number) => void;
  blockedReason: string | null;
  onDeleted: () => void;
}) {
  const { current } = props;
  const { modal, message } = App.useApp();
  const changes = useMapChanges(props.projectId, current.id);
  const [renaming, setRenaming] = useState(false);
  const [form] = Form.useForm<{ name: string }>();
  useEffect(() => {
    if (renaming) form.setFieldsValue({ name: current.name });
  }, [renaming, current.name, form]);

  const rename = async () => {
    const { name } = await form.validateFields();
    try {
      await changes.rename.mutateAsync(name);
      setRenaming(false);
      message.success('Map renamed.');
    } catch (err) {
      if (err instanceof ApiError) form.setFields([{ name: 'name', errors: [err.message] }]);
    }
  };

  const remove = () =>
    modal.confirm({
      title: `Delete the map “${current.name}”?`,
      content: 'Its walls and AP positions are deleted with it. The devices stay in the project.',
      okText: 'Delete',
      okButtonProps: { danger: true },
      onOk: async () => {
        try {
          await changes.remove.mutateAsync();
          props.onDeleted();
          message.success('Map deleted.');
        } catch (err) {
          if (err instanceof ApiError) message.error(err.message);
        }
      },
    });

  return (
    <div className="nl-map-picker">
      <Space wrap>
        <Select
          aria-label="Map"
          data-testid="map-select"
          value={current.id}
          onChange={props.onChoose}
          style={{ minWidth: 260 }}
          options={props.maps.map((m) => ({
            value: m.id,
            label: `${m.name}${m.scale ? '' : ' · no scale'}`,
          }))}
        />
        <span className="nl-map-picker-meta">
          {current.width}×{current.height} px
          {current.scale ? ` · ${current.scale.metresPerPixel.toFixed(3)} m/px` : ''} ·{' '}
          {plural(current.wallCount, 'wall')} · {plural(current.placements.length, 'AP')}
        </span>
      </Space>
      <Space>
        <Tooltip title={props.blockedReason}>
          <Button
            icon={<EditOutlined />}
            disabled={props.blockedReason !== null}
            onClick={() => setRenaming(true)}
          >
            Rename
          </Button>
        </Tooltip>
        <Tooltip title={props.blockedReason}>
          <Button danger icon={<DeleteOutlined />} disabled={props.blockedReason !== null} onClick={remove}>
            Delete
          </Button>
        </Tooltip>
      </Space>
      <Modal
        title="Rename map"
        open={renaming}
        okText="Rename"
        onOk={rename}
        confirmLoading={changes.rename.isPending}
        onCancel={() => setRenaming(false)}
        destroyOnHidden
      >
        <Form form={form} layout="vertical">
          <Form.Item name="name" label="Map name" rules={[zodRule(mapNameSchema)]}>
            <Input autoFocus />
          </Form.Item>
        </Form>
      </Modal>
    </div>
  );
}
