import {
  BarChartOutlined,
  DownloadOutlined,
  GlobalOutlined,
  RiseOutlined,
  RocketOutlined,
} from '@ant-design/icons';
import {
  ACTIVATION_PERIOD_LABELS,
  activationRangeIssue,
  canViewActivations,
  errorMessage,
  valueLabel,
} from '@netloom/domain';
import { Button, Card, Col, Result, Row } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { KpiCard } from '../../components/KpiCard';
import { LoadError } from '../../components/LoadError';
import { PageHeader } from '../../components/PageHeader';
import { useAccount } from '../../session/session';
import { ActivationFilterBar } from './ActivationFilterBar';
import { activationExportUrl, useActivationStats } from './api';
import { BreakdownTable } from './BreakdownTable';
import { type ActivationFilters, defaultFilters, queryOf } from './filters';
import './activation.css';

const ActivationChart = lazy(() => import('./ActivationChart'));
const CHART_HEIGHT = 260;

const activations = (n: number) => `${n.toLocaleString('en-US')} ${n === 1 ? 'activation' : 'activations'}`;

/**
 * Activation statistics (spec §1, §2 "activation statistics with export"; issue 15 §2): devices
 * activated per day, week or month, by model, firmware and country, filtered by dates, model and
 * country, and exported as .xlsx exactly as shown. The manufacturer role only (the server says 403
 * too; the account menu shows the entry to that role alone).
 */
export default function ActivationPage() {
  const { account } = useAccount();
  const [filters, setFilters] = useState<ActivationFilters>(() => defaultFilters());
  const issue = activationRangeIssue(filters.from, filters.to);
  const allowed = canViewActivations(account.role);
  const query = queryOf(filters);
  const stats = useActivationStats(query, allowed && issue === null);
  const data = stats.data;
  const loading = stats.isFetching && !data;

  if (!allowed)
    return (
      <Result
        status="403"
        title="No access"
        subTitle="Only the manufacturer role sees activation statistics."
      />
    );

  const topModel = data?.byModel[0];
  const topCountry = data?.byCountry[0];
  const periodWord = ACTIVATION_PERIOD_LABELS[filters.period].toLowerCase();
  return (
    <>
      <PageHeader
        title="Activation statistics"
        description="Devices activated across every project — the first time each one came online in a project. Export downloads the figures shown."
        actions={
          <Button
            type="primary"
            icon={<DownloadOutlined />}
            href={issue === null ? activationExportUrl(query) : undefined}
            disabled={issue !== null}
            download
            data-testid="activation-export"
          >
            Export .xlsx
          </Button>
        }
      />
      <Card className="nl-activation-card">
        <ActivationFilterBar
          filters={filters}
          choices={data?.choices}
          rangeError={issue === null ? null : errorMessage(issue)}
          onChange={(patch) => setFilters((f) => ({ ...f, ...patch }))}
        />
      </Card>
      <LoadError
        query={stats}
        title="The activation statistics could not be loaded."
        className="nl-activation-card"
      />
      <Row gutter={[16, 16]} className="nl-activation-kpis">
        <Col xs={24} sm={12} xl={6}>
          <KpiCard
            title="Activations"
            icon={<RocketOutlined />}
            loading={loading}
            value={<span data-testid="activation-total">{(data?.total ?? 0).toLocaleString('en-US')}</span>}
            footer={`${filters.from} to ${filters.to}`}
          />
        </Col>
        <Col xs={24} sm={12} xl={6}>
          <KpiCard
            title="Top model"
            icon={<RiseOutlined />}
            loading={loading}
            value={topModel ? valueLabel(topModel.model) : '—'}
            footer={topModel ? activations(topModel.count) : 'No activations yet'}
          />
        </Col>
        <Col xs={24} sm={12} xl={6}>
          <KpiCard
            title="Top country"
            icon={<GlobalOutlined />}
            loading={loading}
            value={topCountry ? topCountry.name : '—'}
            footer={
              topCountry ? `${topCountry.count.toLocaleString('en-US')} activations` : 'No activations yet'
            }
          />
        </Col>
        <Col xs={24} sm={12} xl={6}>
          <KpiCard
            title="Models activated"
            icon={<BarChartOutlined />}
            loading={loading}
            value={data?.byModel.length ?? 0}
            footer={`${data?.byFirmware.length ?? 0} model and firmware pairs`}
          />
        </Col>
      </Row>
      <Card title={`Activations per ${periodWord}`} className="nl-activation-card">
        <Suspense fallback={<div className="nl-activation-skeleton" style={{ height: CHART_HEIGHT }} />}>
          {data ? (
            <ActivationChart series={data.series} height={CHART_HEIGHT} />
          ) : (
            <div className="nl-activation-skeleton" style={{ height: CHART_HEIGHT }} />
          )}
        </Suspense>
      </Card>
      <Row gutter={[16, 16]}>
        <Col xs={24} xl={12}>
          <Card title="By model" className="nl-activation-card">
            <BreakdownTable
              title="Model"
              testId="activation-by-model"
              loading={loading}
              total={data?.total ?? 0}
              rows={(data?.byModel ?? []).map((r) => ({
                key: r.model,
                label: valueLabel(r.model),
                count: r.count,
              }))}
            />
          </Card>
        </Col>
        <Col xs={24} xl={12}>
          <Card title="By country" className="nl-activation-card">
            <BreakdownTable
              title="Country"
              testId="activation-by-country"
              loading={loading}
              total={data?.total ?? 0}
              rows={(data?.byCountry ?? []).map((r) => ({ key: r.country, label: r.name, count: r.count }))}
            />
          </Card>
        </Col>
      </Row>
      <Card title="By firmware version" className="nl-activation-card">
        <BreakdownTable
          title="Model"
          detailTitle="Firmware"
          testId="activation-by-firmware"
          loading={loading}
          total={data?.total ?? 0}
          rows={(data?.byFirmware ?? []).map((r) => ({
            key: `${r.model}\u0000${r.firmware}`,
            label: valueLabel(r.model),
            detail: valueLabel(r.firmware),
            count: r.count,
          }))}
        />
      </Card>
    </>
  );
}
