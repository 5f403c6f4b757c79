import { ArrowLeftOutlined, ThunderboltOutlined } from '@ant-design/icons';
import {
  apPlanLinkOf,
  SCENARIO_PROFILES,
  type ScenarioRef,
  type SolutionDraft,
  systemScenarioLabel,
} from '@netloom/domain';
import { Alert, App, Button, Card, Flex, Form, Steps } from 'antd';
import { useMemo, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { ApiError } from '../../api/client';
import { PageHeader } from '../../components/PageHeader';
import { PAGES } from '../../navigation/paths';
import { solutionPath, useCreateSolution, useGenerate } from './api';
import { floorPlanOf, siteFromPlan } from './plannedAps';
import { ResultCard } from './ResultCard';
import { ScenarioPicker } from './ScenarioPicker';
import { SiteForm, type SiteValues } from './SiteForm';
import { readSolutionForm, SolutionForm, type SolutionFormValues } from './SolutionForm';
import './solutions.css';

const INITIAL_SITE: SiteValues = {
  floorAreaM2: 1000,
  floors: 3,
  rooms: 60,
  users: 200,
  wall: 'brick',
  cameras: 0,
  bandwidthMbps: 500,
  outdoorAreaM2: 0,
};

/** The generator: scenario → site → the recommended devices, edited and saved. */
export default function NewSolutionPage() {
  const navigate = useNavigate();
  const { message } = App.useApp();
  // "Use in a solution" on the Wi-Fi map: the planned AP model and count, the plan's floor area.
  const [search] = useSearchParams();
  const planned = useMemo(() => apPlanLinkOf(search), [search]);
  const [step, setStep] = useState(0);
  const [scenario, setScenario] = useState<ScenarioRef | null>(null);
  const [site, setSite] = useState<SiteValues>(() =>
    planned ? siteFromPlan(INITIAL_SITE, planned) : INITIAL_SITE,
  );
  const [draft, setDraft] = useState<SolutionDraft | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [siteForm] = Form.useForm<SiteValues>();
  const [solutionForm] = Form.useForm<SolutionFormValues>();
  const generate = useGenerate();
  const create = useCreateSolution();

  function handleScenario(s: ScenarioRef) {
    setScenario(s);
    if (s.kind === 'system') setSite((v) => ({ ...v, wall: SCENARIO_PROFILES[s.key].wall }));
  }

  async function handleGenerate() {
    const v = await siteForm.validateFields().catch(() => null);
    if (!v || !scenario) return;
    setSite(v);
    try {
      setDraft(await generate.mutateAsync({ ...v, scenario, floorPlan: floorPlanOf(planned) }));
      setError(null);
      setStep(2);
    } catch (e) {
      message.error(e instanceof ApiError ? (e.issues[0]?.message ?? e.message) : 'Generation failed.');
    }
  }

  async function handleSave() {
    if (!scenario) return;
    const r = await readSolutionForm(solutionForm);
    if (!r.ok) {
      setError(r.message);
      return;
    }
    setError(null);
    try {
      const s = await create.mutateAsync({
        ...r.values,
        inputs: { ...site, scenario, floorPlan: floorPlanOf(planned) },
      });
      message.success('Solution saved.');
      navigate(solutionPath(s.id));
    } catch (e) {
      setError(
        e instanceof ApiError ? (e.issues[0]?.message ?? e.message) : 'Save failed. Please try again.',
      );
    }
  }

  const initialName = draft ? `${draft.scenarioName} solution` : '';
  return (
    <div className="nl-solutions">
      <PageHeader
        title="New solution"
        description="Pick a scenario, describe the site, and get a sized device list you can edit, export and share."
        actions={
          <Button icon={<ArrowLeftOutlined />} onClick={() => navigate(PAGES.solutions)}>
            All solutions
          </Button>
        }
      />
      {planned ? (
        <Alert
          type="info"
          showIcon
          data-testid="solution-planned-aps"
          style={{ marginBottom: 16 }}
          title={`From the floor plan: ${planned.aps} × ${planned.apModel}`}
          description={`${planned.plan} The solution takes this model and count for its indoor APs (more only if the users need them) and sizes the switches, PoE and gateway for them.`}
        />
      ) : null}
      <Card className="nl-solution-steps">
        <Steps
          current={step}
          items={[
            {
              title: 'Scenario',
              description:
                scenario?.kind === 'system'
                  ? systemScenarioLabel(scenario.key)
                  : scenario
                    ? 'Custom'
                    : 'Where it goes',
            },
            { title: 'Site', description: 'Area, users, walls' },
            { title: 'Solution', description: 'Devices and advice' },
          ]}
        />
      </Card>
      {step === 0 ? (
        <Card title="Choose a scenario">
          <ScenarioPicker value={scenario} onChange={handleScenario} />
          <Flex justify="flex-end" style={{ marginTop: 24 }}>
            <Button type="primary" disabled={!scenario} onClick={() => setStep(1)}>
              Next: site
            </Button>
          </Flex>
        </Card>
      ) : null}
      {step === 1 ? (
        <Card title="Describe the site">
          <SiteForm key={JSON.stringify(site)} form={siteForm} initial={site} />
          <Flex justify="space-between">
            <Button onClick={() => setStep(0)}>Back</Button>
            <Button
              type="primary"
              icon={<ThunderboltOutlined />}
              loading={generate.isPending}
              onClick={handleGenerate}
            >
              Generate solution
            </Button>
          </Flex>
        </Card>
      ) : null}
      {step === 2 && draft ? (
        <>
          <ResultCard draft={draft} />
          <Card title="Edit and save" className="nl-solution-edit">
            <SolutionForm
              form={solutionForm}
              error={error}
              initial={{
                name: initialName,
                devices: draft.devices,
                advice: draft.advice,
                advantages: draft.advantages,
              }}
            />
            <Flex justify="space-between">
              <Button onClick={() => setStep(1)}>Back</Button>
              <Button type="primary" loading={create.isPending} onClick={handleSave}>
                Save solution
              </Button>
            </Flex>
          </Card>
        </>
      ) : null}
    </div>
  );
}
