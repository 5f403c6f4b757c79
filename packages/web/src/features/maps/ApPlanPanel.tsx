import { CloseOutlined, DeleteOutlined, ExportOutlined, ThunderboltOutlined } from '@ant-design/icons';
import {
  AP_PLAN_COVERAGE_MAX_PCT,
  AP_PLAN_COVERAGE_MIN_PCT,
  AP_PLAN_DEFAULT_OPTIONS,
  AP_PLAN_TARGET_MAX_DBM,
  AP_PLAN_TARGET_MIN_DBM,
  type ApPlanOptions,
  apPlanModels,
  apPlanOptionIssue,
  findModel,
  HEATMAP_BANDS,
  type HeatmapBand,
} from '@netloom/domain';
import { Alert, Button, Flex, Form, InputNumber, Segmented, Select, Switch, Tooltip, Typography } from 'antd';
import type { ApPlanState } from './useApPlan';

const BAND_LABELS: Record<HeatmapBand, string> = { '2.4G': '2.4 GHz', '5G': '5 GHz' };

const MODEL_OPTIONS = apPlanModels().map((m) => ({ value: m, label: findModel(m)?.name ?? m }));

/** A form rule that asks the domain rule of the field (the same message everywhere). */
function rule(field: keyof ApPlanOptions) {
  return {
    validator: (_: unknown, value: unknown) => {
      const issue = apPlanOptionIssue(field, value);
      return issue ? Promise.reject(new Error(issue)) : Promise.resolve();
    },
  };
}

export interface ApPlanPanelProps {
  state: ApPlanState;
  placedCount: number;
  onPlan: (options: ApPlanOptions) => void;
  onDiscard: () => void;
  onUse: (() => void) | null;
  onClose: () => void;
}

/** "Plan APs": the planner's options, then the proposal's summary, its APs and what to do with it. */
export function ApPlanPanel(p: ApPlanPanelProps) {
  const [form] = Form.useForm<ApPlanOptions>();
  const planning = p.state.status === 'planning';
  const handlePlan = async () => {
    const values = await form.validateFields().catch(() => null);
    if (values) p.onPlan(values);
  };
  return (
    <div className="nl-map-plan" data-testid="ap-plan-panel">
      <div className="nl-map-panel-title">
        Plan APs
        <Tooltip title="Close the planner">
          <Button
            size="small"
            type="text"
            icon={<CloseOutlined />}
            aria-label="Close the planner"
            onClick={p.onClose}
          />
        </Tooltip>
      </div>
      <Typography.Paragraph type="secondary" className="nl-map-panel-hint">
        The fewest APs that bring the target signal to the coverage goal, through the saved walls.
      </Typography.Paragraph>
      <Form<ApPlanOptions>
        form={form}
        layout="vertical"
        size="small"
        requiredMark={false}
        initialValues={{ ...AP_PLAN_DEFAULT_OPTIONS, keepPlaced: p.placedCount > 0 }}
        disabled={planning}
        className="nl-map-plan-form"
      >
        <Form.Item name="model" label="AP model" rules={[rule('model')]}>
          <Select aria-label="AP model" options={MODEL_OPTIONS} />
        </Form.Item>
        <Form.Item name="band" label="Band" rules={[rule('band')]}>
          <Segmented<HeatmapBand>
            block
            options={HEATMAP_BANDS.map((b) => ({ value: b, label: BAND_LABELS[b] }))}
          />
        </Form.Item>
        <Flex gap={8}>
          <Form.Item
            name="targetDbm"
            label="Target signal"
            rules={[rule('targetDbm')]}
            className="nl-map-plan-half"
          >
            <InputNumber
              aria-label="Target signal"
              placeholder={`${AP_PLAN_TARGET_MIN_DBM} to ${AP_PLAN_TARGET_MAX_DBM}`}
              suffix="dBm"
              style={{ width: '100%' }}
            />
          </Form.Item>
          <Form.Item
            name="coveragePct"
            label="Coverage goal"
            rules={[rule('coveragePct')]}
            className="nl-map-plan-half"
          >
            <InputNumber
              aria-label="Coverage goal"
              placeholder={`${AP_PLAN_COVERAGE_MIN_PCT} to ${AP_PLAN_COVERAGE_MAX_PCT}`}
              suffix="%"
              style={{ width: '100%' }}
            />
          </Form.Item>
        </Flex>
        <Flex align="center" gap={8} className="nl-map-plan-keep">
          <Form.Item name="keepPlaced" valuePropName="checked" noStyle>
            <Switch
              size="small"
              aria-label="Keep the placed APs"
              disabled={planning || p.placedCount === 0}
            />
          </Form.Item>
          <Typography.Text type={p.placedCount === 0 ? 'secondary' : undefined}>
            {p.placedCount === 0
              ? 'No placed APs to keep'
              : `Keep the ${p.placedCount} placed AP${p.placedCount === 1 ? '' : 's'}, add to them`}
          </Typography.Text>
        </Flex>
        <Button
          type="primary"
          block
          icon={<ThunderboltOutlined />}
          loading={planning}
          onClick={handlePlan}
          className="nl-map-plan-run"
        >
          {planning ? 'Planning…' : p.state.status === 'done' ? 'Plan again' : 'Plan'}
        </Button>
      </Form>
      <PlanResult {...p} />
    </div>
  );
}

function PlanResult({ state, onDiscard, onUse }: ApPlanPanelProps) {
  if (state.status === 'refused')
    return <Alert type="error" showIcon title={state.message} data-testid="ap-plan-summary" />;
  if (state.status !== 'done') return null;
  const { plan } = state;
  return (
    <div className="nl-map-plan-result">
      <Alert
        type={plan.goalReached ? 'success' : 'warning'}
        showIcon
        title={plan.summary}
        data-testid="ap-plan-summary"
      />
      {plan.positions.length > 0 ? (
        <ol className="nl-map-plan-list" aria-label="Proposed APs">
          {plan.positions.map((pos, i) => (
            <li key={`${pos.x}:${pos.y}`} data-testid="ap-plan-ap">
              <span className="nl-map-plan-badge">{i + 1}</span>
              {pos.x.toFixed(1)} m, {pos.y.toFixed(1)} m
            </li>
          ))}
        </ol>
      ) : null}
      <Flex gap={8}>
        <Button icon={<DeleteOutlined />} onClick={onDiscard}>
          Discard
        </Button>
        <Tooltip title={onUse ? 'Open the solution generator with this model and count' : 'No new AP to use'}>
          <Button
            type="primary"
            icon={<ExportOutlined />}
            disabled={!onUse}
            onClick={onUse ?? undefined}
            className="nl-map-plan-use"
          >
            Use in a solution
          </Button>
        </Tooltip>
      </Flex>
    </div>
  );
}
