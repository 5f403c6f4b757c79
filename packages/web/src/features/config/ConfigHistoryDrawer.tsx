import {
  CONFIG_KINDS,
  type ConfigKind,
  type ConfigRevision,
  canConfigure,
  GENERAL_MESSAGES,
  isDemoProject,
} from '@netloom/domain';
import { Alert, App, Drawer, Flex, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useCurrentProject } from '../../session/session';
import { useConfigDiff, useConfigRevisions, useRestoreRevision } from './api';
import { ConfigDiffTable } from './ConfigDiffTable';
import { RevisionList } from './RevisionList';
import { useSaveFlow } from './saveFlow';
import './config.css';

const PAGE_SIZE = 10;

export interface ConfigHistoryDrawerProps {
  projectId: number;
  kind: ConfigKind;
  deviceId?: number;
  /** Title suffix, e.g. the switch's name for per-device documents. */
  deviceName?: string | null;
  /** The version the page shows; absent = the newest saved version. */
  currentVersion?: number;
  /** A revision to select when the drawer opens (compared with the current version). */
  initialRevisionId?: number;
  open: boolean;
  onClose(): void;
}

/** Diff direction: older → newer whatever order the two were ticked in; one alone → current. */
function diffPair(
  selected: number[],
  items: readonly ConfigRevision[],
): { from: number | null; to?: number } {
  if (selected.length === 0) return { from: null };
  const version = (id: number) => items.find((r) => r.id === id)?.version ?? 0;
  if (selected.length === 1) return { from: selected[0] as number };
  const [a, b] = [...selected].sort((x, y) => version(x) - version(y) || x - y);
  return { from: a as number, to: b };
}

/** History of one settings document: its versions, a readable diff of any two, restore. */
export function ConfigHistoryDrawer(props: ConfigHistoryDrawerProps) {
  const { projectId, kind, deviceId, open, onClose } = props;
  const { modal } = App.useApp();
  const { project } = useCurrentProject();
  const [page, setPage] = useState(1);
  const [selected, setSelected] = useState<number[]>([]);
  useEffect(() => {
    if (open) {
      setPage(1);
      setSelected(props.initialRevisionId !== undefined ? [props.initialRevisionId] : []);
    }
  }, [open, props.initialRevisionId]);

  const list = useConfigRevisions(projectId, { kind, deviceId, page, pageSize: PAGE_SIZE }, open);
  const newest = useConfigRevisions(projectId, { kind, deviceId, page: 1, pageSize: 1 }, open);
  const currentVersion = props.currentVersion ?? newest.data?.items[0]?.version ?? 0;
  const items = list.data?.items ?? [];
  const pair = diffPair(selected, items);
  const onlyCurrent =
    selected.length === 1 && items.find((r) => r.id === selected[0])?.version === currentVersion;
  const diff = useConfigDiff(projectId, onlyCurrent ? null : pair.from, pair.to);

  const restore = useRestoreRevision(projectId);
  const flow = useSaveFlow(ConfigHistoryDrawer, {
    kind,
    deviceId,
    verb: 'Restored',
    conflictAdvice: 'Reload to see their version, then restore again if you still want to.',
  });
  const restoreBlocked = !project
    ? GENERAL_MESSAGES.NO_PERMISSION
    : isDemoProject(project)
      ? GENERAL_MESSAGES.DEMO_BLOCKED
      : !canConfigure(project.right)
        ? GENERAL_MESSAGES.READ_ONLY_NOT_CONFIGURABLE
        : null;

  function handleRestore(r: ConfigRevision) {
    modal.confirm({
      title: `Restore version ${r.version}?`,
      content: `The settings of v${r.version} are saved as a new version and delivered to every device that takes them (offline devices get them when they reconnect). v${currentVersion} stays in the history, so you can go back to it.`,
      okText: `Restore v${r.version}`,
      cancelText: 'Cancel',
      onOk: async () => {
        const result = await flow.save(restore, { revisionId: r.id, baseVersion: currentVersion });
        if (result) setSelected([]);
      },
    });
  }

  const title = `${CONFIG_KINDS[kind].label}${props.deviceName ? ` · ${props.deviceName}` : ''} — history`;
  const d = diff.data;
  return (
    <Drawer
      title={title}
      open={open}
      onClose={onClose}
      size={880}
      destroyOnHidden
      className="nl-history-drawer"
    >
      <Typography.Paragraph type="secondary">
        Every save is a version. Tick one version to compare it with the current one, or two to compare them
        with each other.
      </Typography.Paragraph>
      {list.isError ? <Alert type="error" showIcon title={list.error.message} /> : null}
      <RevisionList
        items={items}
        total={list.data?.total ?? 0}
        page={page}
        pageSize={PAGE_SIZE}
        loading={list.isLoading}
        currentVersion={currentVersion}
        selected={selected}
        onSelect={setSelected}
        onPage={setPage}
        restoreBlocked={restoreBlocked}
        onRestore={handleRestore}
      />
      <section className="nl-history-diff" aria-label="Differences">
        <Flex justify="space-between" align="baseline" gap={12} wrap>
          <Typography.Title level={5} style={{ margin: 0 }}>
            {d
              ? `Changes from v${d.from.version} to v${d.to.version}${d.to.version === currentVersion ? ' (current)' : ''}`
              : 'Changes'}
          </Typography.Title>
          {d ? (
            <Typography.Text type="secondary">
              {d.entries.length === 1 ? '1 change' : `${d.entries.length} changes`}
            </Typography.Text>
          ) : null}
        </Flex>
        {pair.from === null || onlyCurrent ? (
          <Typography.Paragraph type="secondary" className="nl-history-hint">
            {onlyCurrent
              ? 'This is the current version. Tick an earlier one to see what changed since.'
              : 'Tick a version above to see what changed.'}
          </Typography.Paragraph>
        ) : diff.isError ? (
          <Alert type="error" showIcon title={diff.error.message} />
        ) : (
          <ConfigDiffTable entries={d?.entries ?? []} loading={diff.isLoading} />
        )}
      </section>
    </Drawer>
  );
}
