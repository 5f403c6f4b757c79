/**
 * Traceback (§2 named screen, issue 15 §4): for one client MAC, when it was online, on which access
 * point and network, with what signal, and its roams between access points — over a period.
 * Reached from a client's panel ("Traceback") or by entering a MAC here.
 */
import { ArrowLeftOutlined } from '@ant-design/icons';
import {
  blacklistMacIssue,
  clientDisplayName,
  DEFAULT_TRACEBACK_RANGE,
  TIME_RANGE_KEYS,
  TIME_RANGES,
  type TimeRange,
} from '@netloom/domain';
import {
  Button,
  Card,
  Empty,
  Flex,
  Input,
  Result,
  Segmented,
  Skeleton,
  Statistic,
  Tag,
  Typography,
} from 'antd';
import { useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { ApiError } from '../../api/client';
import { PageHeader } from '../../components/PageHeader';
import { MENU_PAGES } from '../../navigation/paths';
import { useCurrentProject } from '../../session/session';
import { useTraceback } from './api';
import { TracebackTimeline } from './TracebackTimeline';
import './traceback.css';

const RANGES = TIME_RANGE_KEYS.map((k) => ({ value: k, label: TIME_RANGES[k].label }));

export default function TracebackPage() {
  const { project } = useCurrentProject();
  const projectId = project?.id ?? 0;
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const mac = params.get('mac')?.toUpperCase() ?? null;
  const [range, setRange] = useState<TimeRange>(DEFAULT_TRACEBACK_RANGE);
  const [typed, setTyped] = useState(mac ?? '');
  const [typedIssue, setTypedIssue] = useState<string | null>(null);
  const query = useTraceback(projectId, mac && blacklistMacIssue(mac) === null ? mac : null, range);
  const tb = query.data;

  function handleSearch(value: string) {
    const v = value.trim().toUpperCase();
    const issue = blacklistMacIssue(v);
    setTypedIssue(issue);
    if (!issue) setParams({ mac: v });
  }

  return (
    <>
      <PageHeader
        title="Traceback"
        description="Where a client has been: when it was online, on which access point and network, its signal and its roams."
        actions={
          <Button icon={<ArrowLeftOutlined />} onClick={() => navigate(MENU_PAGES.clientList)}>
            Client list
          </Button>
        }
      />
      <Card className="nl-traceback-card">
        <Flex gap={16} wrap align="flex-start" justify="space-between">
          <div className="nl-traceback-search">
            <Input.Search
              aria-label="Client MAC address"
              placeholder="Enter a client MAC address, e.g. A4:83:E7:10:22:31"
              enterButton="Trace"
              value={typed}
              onChange={(e) => setTyped(e.target.value)}
              onSearch={handleSearch}
              status={typedIssue ? 'error' : undefined}
              data-testid="traceback-mac"
            />
            {typedIssue ? <Typography.Text type="danger">{typedIssue}</Typography.Text> : null}
          </div>
          <Segmented<TimeRange> aria-label="Period" value={range} onChange={setRange} options={RANGES} />
        </Flex>
      </Card>
      {!mac ? (
        <Card>
          <Empty description="Enter a client's MAC address, or open a client from the client list and choose Traceback." />
        </Card>
      ) : query.isError ? (
        <Card>
          <Result
            status="warning"
            title={
              query.error instanceof ApiError && query.error.code === 412
                ? 'This client has not been seen in this project'
                : 'The traceback could not be loaded'
            }
            subTitle={query.error.message}
          />
        </Card>
      ) : !tb ? (
        <Card>
          <Skeleton active paragraph={{ rows: 8 }} />
        </Card>
      ) : (
        <Card
          title={
            <Flex align="center" gap={10}>
              <span data-testid="traceback-name">{clientDisplayName(tb)}</span>
              <Typography.Text type="secondary" className="nl-mono">
                {tb.mac}
              </Typography.Text>
              {tb.online ? <Tag color="success">Online</Tag> : <Tag>Offline</Tag>}
            </Flex>
          }
        >
          <Flex gap={48} className="nl-traceback-stats" wrap>
            <Statistic title="Connections" value={tb.sessions.length} />
            <Statistic title="Access points" value={new Set(tb.sessions.map((s) => s.device.id)).size} />
            <Statistic title="Roams" value={tb.roams} />
          </Flex>
          {tb.truncated ? (
            <Typography.Paragraph type="secondary">
              Only the latest connections of the period are shown.
            </Typography.Paragraph>
          ) : null}
          {tb.sessions.length === 0 ? (
            <Empty
              description={`No connection in the last ${TIME_RANGES[range].label}. Choose a longer period.`}
            />
          ) : (
            <TracebackTimeline sessions={tb.sessions} now={tb.to} />
          )}
        </Card>
      )}
    </>
  );
}
