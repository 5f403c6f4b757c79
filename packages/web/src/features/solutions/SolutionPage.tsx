import {
  ArrowLeftOutlined,
  CopyOutlined,
  DeleteOutlined,
  DownloadOutlined,
  EyeOutlined,
  ShareAltOutlined,
} from '@ant-design/icons';
import {
  ERR,
  SOLUTION_FLOOR_PLAN_LABEL,
  SOLUTION_INPUT_LABELS,
  type Solution,
  WALL_MATERIALS,
} from '@netloom/domain';
import { App, Button, Card, Descriptions, Flex, Form, Popconfirm, Result, Tag } from 'antd';
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { ApiError } from '../../api/client';
import { PageHeader } from '../../components/PageHeader';
import { PageLoading } from '../../components/PageLoading';
import { PAGES } from '../../navigation/paths';
import {
  solutionPath,
  solutionPdfHref,
  useCopySolution,
  useDeleteSolution,
  useSolution,
  useUpdateSolution,
} from './api';
import { PdfPreviewModal } from './PdfPreviewModal';
import { ShareSolutionModal } from './ShareSolutionModal';
import { readSolutionForm, SolutionForm, type SolutionFormValues } from './SolutionForm';
import './solutions.css';

const n = (v: number) => v.toLocaleString('en-US');

function InputsCard({ s }: { s: Solution }) {
  const i = s.inputs;
  return (
    <Card title="Scenario and site" extra={<Tag color="blue">{s.scenarioName}</Tag>}>
      <Descriptions
        size="small"
        column={{ xs: 1, md: 2, xl: 4 }}
        items={[
          { key: 'area', label: SOLUTION_INPUT_LABELS.floorAreaM2, children: `${n(i.floorAreaM2)} m²` },
          { key: 'floors', label: SOLUTION_INPUT_LABELS.floors, children: n(i.floors) },
          { key: 'rooms', label: SOLUTION_INPUT_LABELS.rooms, children: i.rooms ? n(i.rooms) : 'Open plan' },
          { key: 'users', label: SOLUTION_INPUT_LABELS.users, children: n(i.users) },
          {
            key: 'wall',
            label: SOLUTION_INPUT_LABELS.wall,
            children: `${WALL_MATERIALS[i.wall].label} (${WALL_MATERIALS[i.wall].attenuationDb} dB)`,
          },
          { key: 'cameras', label: SOLUTION_INPUT_LABELS.cameras, children: n(i.cameras) },
          { key: 'bw', label: SOLUTION_INPUT_LABELS.bandwidthMbps, children: `${n(i.bandwidthMbps)} Mbit/s` },
          {
            key: 'out',
            label: SOLUTION_INPUT_LABELS.outdoorAreaM2,
            children: i.outdoorAreaM2 ? `${n(i.outdoorAreaM2)} m²` : 'None',
          },
          ...(i.floorPlan
            ? [{ key: 'plan', label: SOLUTION_FLOOR_PLAN_LABEL, children: i.floorPlan.plan }]
            : []),
        ]}
      />
    </Card>
  );
}

function Editor({ s }: { s: Solution }) {
  const navigate = useNavigate();
  const { message } = App.useApp();
  const [form] = Form.useForm<SolutionFormValues>();
  const [error, setError] = useState<string | null>(null);
  const [modal, setModal] = useState<'preview' | 'share' | null>(null);
  const update = useUpdateSolution(s.id);
  const copy = useCopySolution();
  const remove = useDeleteSolution();

  async function handleSave() {
    const r = await readSolutionForm(form);
    if (!r.ok) {
      setError(r.message);
      return;
    }
    setError(null);
    try {
      const saved = await update.mutateAsync({ ...r.values, inputs: s.inputs, version: s.version });
      form.setFieldsValue({ devices: saved.devices });
      message.success('Solution saved.');
    } catch (e) {
      const api = e instanceof ApiError ? e : null;
      setError(
        api?.code === ERR.SOLUTION_CHANGED_ELSEWHERE
          ? api.message
          : (api?.issues[0]?.message ?? api?.message ?? 'Save failed.'),
      );
    }
  }

  return (
    <div className="nl-solutions">
      <PageHeader
        title={s.name}
        description={
          s.sharedBy
            ? `Shared with you by ${s.sharedBy}. This copy is yours to edit.`
            : `Version ${s.version} · updated ${new Date(s.updatedAt).toLocaleString('en-US')}`
        }
        actions={
          <>
            <Button icon={<ArrowLeftOutlined />} onClick={() => navigate(PAGES.solutions)}>
              All solutions
            </Button>
            <Button icon={<EyeOutlined />} onClick={() => setModal('preview')}>
              Preview
            </Button>
            <Button icon={<DownloadOutlined />} href={solutionPdfHref(s.id, true)}>
              Download PDF
            </Button>
            <Button icon={<ShareAltOutlined />} onClick={() => setModal('share')}>
              Share
            </Button>
            <Button
              icon={<CopyOutlined />}
              onClick={() =>
                copy.mutate(s.id, {
                  onSuccess: (c) => navigate(solutionPath(c.id)),
                  onError: (e) => message.error(e.message),
                })
              }
            >
              Copy
            </Button>
            <Popconfirm
              title="Delete this solution?"
              okText="Delete"
              okButtonProps={{ danger: true }}
              onConfirm={() =>
                remove.mutate(s.id, {
                  onSuccess: () => navigate(PAGES.solutions),
                  onError: (e) => message.error(e.message),
                })
              }
            >
              <Button danger icon={<DeleteOutlined />}>
                Delete
              </Button>
            </Popconfirm>
          </>
        }
      />
      <InputsCard s={s} />
      <Card title="Solution" className="nl-solution-edit">
        <SolutionForm
          form={form}
          error={error}
          initial={{ name: s.name, devices: s.devices, advice: s.advice, advantages: s.advantages }}
        />
        <Flex justify="flex-end">
          <Button type="primary" loading={update.isPending} onClick={handleSave}>
            Save changes
          </Button>
        </Flex>
      </Card>
      {modal === 'preview' ? <PdfPreviewModal solution={s} onClose={() => setModal(null)} /> : null}
      {modal === 'share' ? <ShareSolutionModal solution={s} onClose={() => setModal(null)} /> : null}
    </div>
  );
}

/** One solution: its inputs, the editable device list and prose, preview, PDF, share, copy, delete. */
export default function SolutionPage() {
  const id = Number(useParams().solutionId);
  const q = useSolution(id);
  if (q.error instanceof ApiError && q.error.code === ERR.SOLUTION_NOT_FOUND)
    return <Result status="404" title="Solution not found" subTitle="It was deleted, or it is not yours." />;
  if (!q.data)
    return (
      <PageLoading
        title="Solution"
        description="Loading the solution…"
        query={q}
        errorTitle="The solution could not be loaded."
      />
    );
  // Keyed by version: a save or a reload starts the form again from what the server has.
  return <Editor key={`${q.data.id}:${q.data.version}`} s={q.data} />;
}
