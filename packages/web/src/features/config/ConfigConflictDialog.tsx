import { DiffOutlined } from '@ant-design/icons';
import type { ConfigConflict, ConfigKind } from '@netloom/domain';
import { Button, Flex, Tooltip, Typography } from 'antd';
import type { ComponentType } from 'react';
import { useState } from 'react';
import { useConfigRevisions } from './api';
import { conflictDetailText } from './saveFlowText';

/** How the user answered a 414: save theirs on top of the newer version, reload it, or close. */
export type ConflictChoice = 'keep' | 'discard' | 'close';

export interface ConflictPanelProps {
  /** The newer version from the 414 answer; null when the server did not say. */
  conflict: ConfigConflict | null;
  /** Said when the newer version is unknown. */
  fallbackText: string;
  /** What to do next, under the newer version's line. */
  advice: string;
  /** Whether "Review changes" can open the history (the document is known). */
  canReview: boolean;
  /** Whether the save can be repeated on top of the newer version. */
  canKeep: boolean;
  /** The user opened the review: keeping their changes is offered only after that. */
  reviewed: boolean;
  onReview(): void;
  onChoose(choice: ConflictChoice): void;
}

/** The words and the three actions of the conflict dialog (stateless, so it is rendered in tests). */
export function ConflictPanel(props: ConflictPanelProps) {
  const { conflict, canReview, canKeep, reviewed } = props;
  const keepBlocked = !canKeep
    ? 'Reload to see the newer version, then make your change again.'
    : canReview && !reviewed
      ? 'Review their changes first: yours are saved on top and replace what they changed.'
      : undefined;
  return (
    <Flex vertical gap={12} data-testid="config-conflict">
      <Typography.Text strong>{conflict ? conflictDetailText(conflict) : props.fallbackText}</Typography.Text>
      <Typography.Text type="secondary">{props.advice}</Typography.Text>
      <Flex justify="space-between" gap={8} wrap>
        <Button icon={<DiffOutlined />} disabled={!canReview} onClick={props.onReview}>
          Review changes
        </Button>
        <Flex gap={8} wrap>
          <Button danger onClick={() => props.onChoose('discard')}>
            Discard mine and reload
          </Button>
          <Tooltip title={keepBlocked}>
            <Button
              type="primary"
              disabled={keepBlocked !== undefined}
              onClick={() => props.onChoose('keep')}
            >
              Keep my changes
            </Button>
          </Tooltip>
        </Flex>
      </Flex>
    </Flex>
  );
}

/** The history drawer as the conflict dialog opens it (passed in: the drawer itself saves through the flow). */
export type ReviewDrawer = ComponentType<{
  projectId: number;
  kind: ConfigKind;
  deviceId?: number;
  currentVersion: number;
  initialRevisionId: number;
  open: boolean;
  onClose(): void;
}>;

export interface ConfigConflictContentProps
  extends Omit<ConflictPanelProps, 'canReview' | 'reviewed' | 'onReview'> {
  projectId: number;
  kind: ConfigKind | undefined;
  deviceId: number | undefined;
  /** The version the user's edit started from (null: unknown). */
  baseVersion: number | null;
  /** What "Review changes" opens: the document's history on the two versions. */
  review: ReviewDrawer;
}

/**
 * The conflict dialog's body: the panel, and the history drawer that "Review changes" opens on the
 * version the user started from, compared with the newer one (what the other person changed).
 */
export function ConfigConflictContent(props: ConfigConflictContentProps) {
  const { projectId, kind, deviceId, conflict, baseVersion, review: HistoryDrawer } = props;
  const [reviewing, setReviewing] = useState(false);
  const [reviewed, setReviewed] = useState(false);
  const canReview = kind !== undefined && conflict !== null;
  const behind = conflict && baseVersion !== null ? conflict.version - baseVersion + 1 : 1;
  const revisions = useConfigRevisions(
    projectId,
    { kind, deviceId, page: 1, pageSize: Math.min(100, Math.max(1, behind)) },
    canReview && baseVersion !== null && baseVersion > 0,
  );
  const baseRevision = revisions.data?.items.find((r) => r.version === baseVersion);
  return (
    <>
      <ConflictPanel
        {...props}
        canReview={canReview}
        reviewed={reviewed}
        onReview={() => {
          setReviewing(true);
          setReviewed(true);
        }}
      />
      {canReview && conflict ? (
        <HistoryDrawer
          projectId={projectId}
          kind={kind}
          {...(deviceId !== undefined ? { deviceId } : {})}
          currentVersion={conflict.version}
          initialRevisionId={baseRevision?.id ?? conflict.revisionId}
          open={reviewing}
          onClose={() => setReviewing(false)}
        />
      ) : null}
    </>
  );
}
