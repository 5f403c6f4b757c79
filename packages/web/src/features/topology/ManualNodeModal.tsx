import {
  DEVICE_TYPE_LABELS,
  findModel,
  TOPOLOGY_MANUAL_KIND_LABELS,
  TOPOLOGY_MANUAL_KINDS,
  TOPOLOGY_MANUAL_MODEL_MAX_LENGTH,
  TOPOLOGY_MANUAL_NAME_MAX_LENGTH,
  TOPOLOGY_MANUAL_REMARK_MAX_LENGTH,
  TOPOLOGY_PORT_MAX_LENGTH,
  TOPOLOGY_ROOT_ID,
  type Topology,
  type TopologyManualKind,
  type TopologyNode,
  textIssue,
} from '@netloom/domain';
import { App, Button, Form, Input, Modal, Select, Space } from 'antd';
import { useEffect, useMemo } from 'react';
import { ApiError } from '../../api/client';
import { useManualNodeChanges } from './api';
import { kindIcon } from './nodeLook';

interface FormValues {
  parent: string;
  port?: string;
  kind: TopologyManualKind;
  name: string;
  model: string;
  remark: string;
}

interface ManualNodeModalProps {
  projectId: number;
  graph: Topology;
  /** null: closed; 'add' with an optional parent picked; or the manual node to edit. */
  target: { mode: 'add'; parent?: string } | { mode: 'edit'; node: TopologyNode } | null;
  onClose: () => void;
}

/** Ports of a managed device's model that a downlink can hang on (its LAN ports), for the picker. */
function portOptions(node: TopologyNode | undefined) {
  if (!node || node.manual || !node.model) return null;
  const model = findModel(node.model);
  if (!model || model.ports.length === 0) return null;
  return model.ports
    .filter((p) => p.role !== 'wan')
    .map((p) => ({
      value: String(p.id),
      label: p.label === String(p.id) ? `Port ${p.id}` : `Port ${p.id} (${p.label})`,
    }));
}

const rule = (label: string, max: number, min = 1) => ({
  required: min > 0,
  validator: (_: unknown, v: string | undefined) => {
    const issue = textIssue(v ?? '', { label, max, min });
    return issue ? Promise.reject(new Error(issue)) : Promise.resolve();
  },
});

/**
 * Add a downlink device that is not cloud-managed (under a managed device's port or another manual
 * node), or edit one: designate its §3 type and model, name, remark; delete it (issue 12 §3).
 */
export function ManualNodeModal({ projectId, graph, target, onClose }: ManualNodeModalProps) {
  const { message, modal } = App.useApp();
  const [form] = Form.useForm<FormValues>();
  const changes = useManualNodeChanges(projectId);
  const parentId = Form.useWatch('parent', form);
  const parentNode = graph.nodes.find((n) => n.id === parentId);
  const ports = portOptions(parentNode);
  const editing = target?.mode === 'edit' ? target.node : null;

  const parents = useMemo(
    () =>
      graph.nodes
        .filter((n) => n.id !== TOPOLOGY_ROOT_ID && n.id !== editing?.id)
        .map((n) => ({
          value: n.id,
          label: `${n.name} · ${n.manual ? (TOPOLOGY_MANUAL_KIND_LABELS[n.kind as TopologyManualKind] ?? DEVICE_TYPE_LABELS[n.kind]) : DEVICE_TYPE_LABELS[n.kind]}${n.manual ? ' (added by hand)' : ''}`,
        })),
    [graph.nodes, editing?.id],
  );

  useEffect(() => {
    if (!target) return;
    form.resetFields();
    if (target.mode === 'edit') {
      const n = target.node;
      form.setFieldsValue({
        kind: n.kind as TopologyManualKind,
        name: n.name,
        model: n.model ?? '',
        remark: n.manual?.remark ?? '',
      });
    } else {
      form.setFieldsValue({
        kind: 'unknown_dev',
        model: '',
        remark: '',
        ...(target.parent ? { parent: target.parent } : {}),
      });
    }
  }, [target, form]);

  const fail = (err: unknown) => {
    if (err instanceof ApiError) message.error(err.message);
  };

  const handleOk = async () => {
    const v = await form.validateFields();
    try {
      if (editing?.manual) {
        await changes.update.mutateAsync({
          id: editing.manual.id,
          body: { kind: v.kind, name: v.name, model: v.model ?? '', remark: v.remark ?? '' },
        });
        message.success('Device updated.');
      } else {
        await changes.add.mutateAsync({
          parent: v.parent,
          ...(v.port ? { port: v.port } : {}),
          kind: v.kind,
          name: v.name,
          model: v.model ?? '',
          remark: v.remark ?? '',
        });
        message.success('Device added to the topology.');
      }
      onClose();
    } catch (err) {
      fail(err);
    }
  };

  const handleDelete = () => {
    const manual = editing?.manual;
    if (!manual) return;
    modal.confirm({
      title: `Remove “${editing.name}” from the topology?`,
      content: 'Devices you added below it are removed too. Cloud-managed devices are not affected.',
      okText: 'Remove',
      okButtonProps: { danger: true },
      onOk: async () => {
        try {
          await changes.remove.mutateAsync(manual.id);
          message.success('Device removed from the topology.');
          onClose();
        } catch (err) {
          fail(err);
        }
      },
    });
  };

  const busy = changes.add.isPending || changes.update.isPending;
  return (
    <Modal
      open={target !== null}
      title={editing ? 'Edit device added by hand' : 'Add downlink device'}
      onCancel={onClose}
      forceRender
      width={520}
      footer={
        <Space style={{ width: '100%', justifyContent: 'space-between' }}>
          <span>
            {editing ? (
              <Button danger onClick={handleDelete} data-testid="manual-remove">
                Remove
              </Button>
            ) : null}
          </span>
          <Space>
            <Button onClick={onClose}>Cancel</Button>
            <Button type="primary" loading={busy} onClick={handleOk} data-testid="manual-save">
              {editing ? 'Save' : 'Add'}
            </Button>
          </Space>
        </Space>
      }
    >
      <p className="nl-topo-modal-hint">
        {editing
          ? 'A device that is not cloud-managed. Drag it on the topology to move it.'
          : 'Draw a device that is not cloud-managed — an unmanaged switch, a camera, an AP of another make — under the port it is plugged into. If a managed device later reports itself on that port, it takes this one’s place.'}
      </p>
      <Form form={form} layout="vertical" requiredMark="optional" data-testid="manual-form">
        {editing ? null : (
          <>
            <Form.Item
              name="parent"
              label="Connected to"
              rules={[{ required: true, message: 'Choose the device it is connected to.' }]}
            >
              <Select
                showSearch
                optionFilterProp="label"
                placeholder="Choose a device"
                options={parents}
                aria-label="Connected to"
                onChange={() => form.setFieldValue('port', undefined)}
              />
            </Form.Item>
            {parentNode && !parentNode.manual ? (
              <Form.Item
                name="port"
                label="Port"
                rules={[
                  {
                    required: true,
                    message: 'Choose the port of the device the new device is connected to.',
                  },
                ]}
              >
                {ports ? (
                  <Select options={ports} placeholder="Choose a port" aria-label="Port" />
                ) : (
                  <Input maxLength={TOPOLOGY_PORT_MAX_LENGTH} placeholder="e.g. 3" aria-label="Port" />
                )}
              </Form.Item>
            ) : parentNode ? (
              <Form.Item name="port" label="Port (optional)">
                <Input maxLength={TOPOLOGY_PORT_MAX_LENGTH} placeholder="e.g. 3" aria-label="Port" />
              </Form.Item>
            ) : null}
          </>
        )}
        <Form.Item name="kind" label="Type" rules={[{ required: true }]}>
          <Select
            aria-label="Type"
            options={TOPOLOGY_MANUAL_KINDS.map((k) => ({
              value: k,
              label: (
                <Space size={8}>
                  {kindIcon(k)}
                  {TOPOLOGY_MANUAL_KIND_LABELS[k]}
                </Space>
              ),
            }))}
          />
        </Form.Item>
        <Form.Item name="name" label="Name" rules={[rule('Name', TOPOLOGY_MANUAL_NAME_MAX_LENGTH)]}>
          <Input maxLength={TOPOLOGY_MANUAL_NAME_MAX_LENGTH} showCount placeholder="e.g. Reception switch" />
        </Form.Item>
        <Form.Item name="model" label="Model" rules={[rule('Model', TOPOLOGY_MANUAL_MODEL_MAX_LENGTH, 0)]}>
          <Input maxLength={TOPOLOGY_MANUAL_MODEL_MAX_LENGTH} placeholder="e.g. TL-SG105" />
        </Form.Item>
        <Form.Item
          name="remark"
          label="Remark"
          rules={[rule('Remark', TOPOLOGY_MANUAL_REMARK_MAX_LENGTH, 0)]}
        >
          <Input.TextArea
            maxLength={TOPOLOGY_MANUAL_REMARK_MAX_LENGTH}
            showCount
            autoSize={{ minRows: 2, maxRows: 4 }}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
