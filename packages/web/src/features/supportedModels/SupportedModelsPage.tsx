import { MODEL_KIND_LABELS, MODEL_KINDS, type ModelKind } from '@netloom/domain';
import { Card, Col, Empty, Row, Skeleton, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { LoadError } from '../../components/LoadError';
import { FilterSelect, ListToolbar } from '../../components/list';
import { PageHeader } from '../../components/PageHeader';
import { useSupportedModels } from './api';
import { ModelCard } from './ModelCard';
import './supportedModels.css';

const SEARCH_DEBOUNCE_MS = 250; // not a rule: typing pause before the list asks again

const TYPE_FILTER = {
  label: 'Type filter',
  placeholder: 'All types',
  options: MODEL_KINDS.map((k) => ({ value: k, label: MODEL_KIND_LABELS[k] })),
  width: 180,
};

/**
 * Supported cloud-version models (§2 named screen; issue 15 §2): every model the cloud manages,
 * with its picture, type, ports, radios, PoE and latest firmware; searched and filtered by type.
 * Any signed-in account (a help page of the account menu, beside the help center).
 */
export default function SupportedModelsPage() {
  const [search, setSearch] = useState('');
  const [q, setQ] = useState('');
  const [kind, setKind] = useState<ModelKind | undefined>();
  useEffect(() => {
    const t = setTimeout(() => setQ(search.trim()), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(t);
  }, [search]);
  const list = useSupportedModels({ ...(q ? { q } : {}), ...(kind ? { kind } : {}) });
  const items = list.data?.items ?? [];
  return (
    <>
      <PageHeader
        title="Supported models"
        description="Every device model the cloud manages, with its hardware and its latest firmware."
      />
      <Card className="nl-models-toolbar">
        <ListToolbar
          search={{ placeholder: 'Search model or name', label: 'Search models', width: 280 }}
          query={search}
          onQuery={setSearch}
          extra={
            list.data ? (
              <Typography.Text type="secondary" data-testid="models-count">
                {items.length} of {list.data.total} models
              </Typography.Text>
            ) : null
          }
        >
          <FilterSelect<ModelKind> filter={TYPE_FILTER} value={kind} onChange={setKind} />
        </ListToolbar>
      </Card>
      <LoadError query={list} title="The supported models could not be loaded." />
      {list.isPending ? (
        <Row gutter={[16, 16]}>
          {[0, 1, 2].map((i) => (
            <Col key={i} xs={24} md={12} xl={8}>
              <Card>
                <Skeleton active />
              </Card>
            </Col>
          ))}
        </Row>
      ) : items.length === 0 && !list.isError ? (
        <Card>
          <Empty description={q ? `No model matches "${q}".` : 'No model of this type.'} />
        </Card>
      ) : (
        <Row gutter={[16, 16]} data-testid="models-grid">
          {items.map((m) => (
            <Col key={m.model} xs={24} md={12} xl={8} xxl={6}>
              <ModelCard model={m} />
            </Col>
          ))}
        </Row>
      )}
    </>
  );
}
