import {
  AppstoreOutlined,
  BankOutlined,
  CoffeeOutlined,
  DeleteOutlined,
  HomeOutlined,
  MedicineBoxOutlined,
  PlusOutlined,
  ReadOutlined,
  ShopOutlined,
  SmileOutlined,
  ToolOutlined,
} from '@ant-design/icons';
import {
  MAX_CUSTOM_SCENARIOS,
  SCENARIO_PROFILES,
  type ScenarioRef,
  SYSTEM_SCENARIOS,
  type SystemScenario,
  scenarioNameIssue,
  systemScenarioLabel,
  TITLE_MAX_LENGTH,
} from '@netloom/domain';
import { App, Button, Form, Input, Modal, Popconfirm, Select, Typography } from 'antd';
import { type ReactNode, useState } from 'react';
import { ApiError } from '../../api/client';
import { applyServerIssues, issueRule } from '../../components/zodRule';
import { useCreateScenario, useDeleteScenario, useScenarios } from './api';

const ICONS: Record<SystemScenario, ReactNode> = {
  hotel: <HomeOutlined />,
  mall: <ShopOutlined />,
  hospital: <MedicineBoxOutlined />,
  campus: <ReadOutlined />,
  factory: <ToolOutlined />,
  restaurant: <CoffeeOutlined />,
  enterprise: <BankOutlined />,
  entertainment: <SmileOutlined />,
};

function same(a: ScenarioRef | null, b: ScenarioRef): boolean {
  if (!a || a.kind !== b.kind) return false;
  return a.kind === 'system' ? a.key === (b as typeof a).key : a.id === (b as typeof a).id;
}

function Tile(props: {
  selected: boolean;
  icon: ReactNode;
  title: string;
  sub: string;
  onClick: () => void;
  extra?: ReactNode;
}) {
  return (
    <div className={`nl-scenario-tile${props.selected ? ' is-selected' : ''}`}>
      <button
        type="button"
        className="nl-scenario-button"
        aria-pressed={props.selected}
        onClick={props.onClick}
      >
        <span className="nl-scenario-icon">{props.icon}</span>
        <span className="nl-scenario-title">{props.title}</span>
        <span className="nl-scenario-sub">{props.sub}</span>
      </button>
      {props.extra}
    </div>
  );
}

/** Step 1: a system scenario or one of the account's custom ones (at most 20, code 186). */
export function ScenarioPicker({
  value,
  onChange,
}: {
  value: ScenarioRef | null;
  onChange: (v: ScenarioRef) => void;
}) {
  const { message } = App.useApp();
  const scenarios = useScenarios();
  const remove = useDeleteScenario();
  const [adding, setAdding] = useState(false);
  const custom = scenarios.data?.items ?? [];
  return (
    <>
      <div className="nl-scenario-grid">
        {SYSTEM_SCENARIOS.map((key) => (
          <Tile
            key={key}
            selected={same(value, { kind: 'system', key })}
            icon={ICONS[key]}
            title={systemScenarioLabel(key)}
            sub={SCENARIO_PROFILES[key].usage}
            onClick={() => onChange({ kind: 'system', key })}
          />
        ))}
        {custom.map((c) => (
          <Tile
            key={c.id}
            selected={same(value, { kind: 'custom', id: c.id })}
            icon={<AppstoreOutlined />}
            title={c.name}
            sub={`Custom · sized like ${systemScenarioLabel(c.base).toLowerCase()}`}
            onClick={() => onChange({ kind: 'custom', id: c.id })}
            extra={
              <Popconfirm
                title="Delete this custom scenario?"
                description="Saved solutions keep its name."
                okText="Delete"
                okButtonProps={{ danger: true }}
                onConfirm={() => remove.mutate(c.id, { onError: (e) => message.error(e.message) })}
              >
                <Button
                  size="small"
                  type="text"
                  danger
                  className="nl-scenario-delete"
                  icon={<DeleteOutlined />}
                  aria-label={`Delete scenario ${c.name}`}
                />
              </Popconfirm>
            }
          />
        ))}
        <button
          type="button"
          className="nl-scenario-add"
          onClick={() => setAdding(true)}
          disabled={custom.length >= MAX_CUSTOM_SCENARIOS}
        >
          <PlusOutlined />
          <span>Custom scenario</span>
          <Typography.Text type="secondary">
            {custom.length} of {MAX_CUSTOM_SCENARIOS} used
          </Typography.Text>
        </button>
      </div>
      {adding ? (
        <AddScenarioModal
          names={custom.map((c) => c.name)}
          onClose={() => setAdding(false)}
          onAdded={(id) => {
            setAdding(false);
            onChange({ kind: 'custom', id });
          }}
        />
      ) : null}
    </>
  );
}

function AddScenarioModal(props: { names: string[]; onClose: () => void; onAdded: (id: number) => void }) {
  const [form] = Form.useForm<{ name: string; base: SystemScenario }>();
  const create = useCreateScenario();
  const [error, setError] = useState<string | null>(null);
  async function handleOk() {
    const v = await form.validateFields().catch(() => null);
    if (!v) return;
    try {
      const s = await create.mutateAsync(v);
      props.onAdded(s.id);
    } catch (e) {
      if (e instanceof ApiError && !applyServerIssues(form, e)) setError(e.message);
    }
  }
  return (
    <Modal
      open
      title="New custom scenario"
      okText="Add scenario"
      onOk={handleOk}
      confirmLoading={create.isPending}
      onCancel={props.onClose}
      destroyOnHidden
    >
      {error ? <Typography.Paragraph type="danger">{error}</Typography.Paragraph> : null}
      <Form
        form={form}
        layout="vertical"
        initialValues={{ name: '', base: 'enterprise' }}
        requiredMark={false}
      >
        <Form.Item
          name="name"
          label="Scenario name"
          extra={`Up to ${TITLE_MAX_LENGTH} characters; not the name of a system scenario.`}
          rules={[issueRule((v) => scenarioNameIssue(v, props.names))]}
        >
          <Input count={{ show: true, max: TITLE_MAX_LENGTH }} placeholder="e.g. Cruise ship" autoFocus />
        </Form.Item>
        <Form.Item
          name="base"
          label="Size it like"
          extra="Walls, clients per radio and device models follow this scenario."
        >
          <Select options={SYSTEM_SCENARIOS.map((s) => ({ value: s, label: systemScenarioLabel(s) }))} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
