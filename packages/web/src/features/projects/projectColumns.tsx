import { DeleteOutlined, EditOutlined, LockOutlined } from '@ant-design/icons';
import {
  canConfigure,
  isDemoProject,
  PROJECT_RIGHT_LABELS,
  type Project,
  SCENARIO_LABELS,
  timeZoneShortLabel,
} from '@netloom/domain';
import type { TableColumnsType } from 'antd';
import { Button, Flex, Tag, Tooltip, Typography } from 'antd';
import dayjs from 'dayjs';
import { RowActionButton } from '../../components/RowActionButton';
import { DeviceCount } from './DeviceCount';
import { NetModeTag } from './NetModeTag';

export type ProjectSortField = 'name' | 'devices' | 'createdAt';
export type SortOrder = 'ascend' | 'descend' | null;

/** Why the current account may not edit a project, or null when it may (§6). */
export function editBlockedReason(p: Project): string | null {
  if (isDemoProject(p)) return 'Demo projects cannot be changed.';
  if (!canConfigure(p.right)) return 'This project is shared with you read-only.';
  return null;
}

/** Why the current account may not delete a project, or null when it may: only the owner deletes. */
export function deleteBlockedReason(p: Project): string | null {
  if (isDemoProject(p)) return 'Demo projects cannot be deleted.';
  if (p.right !== 'own') return `Only the owner (${p.ownerNick}) can delete this project.`;
  if (p.locked) return 'The configuration is locked: unlock it in Edit before deleting the project.';
  return null;
}

export const PROJECT_SORTERS: Record<ProjectSortField, (a: Project, b: Project) => number> = {
  name: (a, b) => a.name.localeCompare(b.name, 'en', { sensitivity: 'base', numeric: true }),
  devices: (a, b) => a.onlineCount - b.onlineCount || a.deviceCount - b.deviceCount,
  createdAt: (a, b) => a.createdAt.localeCompare(b.createdAt),
};

interface ColumnHandlers {
  sortField: ProjectSortField | null;
  sortOrder: SortOrder;
  onOpen(p: Project): void;
  onEdit(p: Project): void;
  onDelete(p: Project): void;
}

/**
 * The columns' widths add up to 1,094 px: the table's width at 1440 × 900 with the menu open, so the
 * list shows every column there without scrolling sideways. Narrower, it scrolls with the name and the
 * actions pinned (`columnsWidth`).
 */
export function projectColumns(h: ColumnHandlers): TableColumnsType<Project> {
  const sortOrderOf = (field: ProjectSortField) => (h.sortField === field ? h.sortOrder : null);
  return [
    {
      key: 'name',
      title: 'Project',
      dataIndex: 'name',
      fixed: 'left',
      width: 170,
      sorter: PROJECT_SORTERS.name,
      sortOrder: sortOrderOf('name'),
      render: (_: unknown, p) => (
        <Flex gap={6} align="center" wrap={false}>
          {/* A real button, so the name is reachable and usable from the keyboard. */}
          <Button
            type="link"
            className="nl-project-name"
            onClick={() => h.onOpen(p)}
            title={`Open ${p.name}`}
          >
            {p.name}
          </Button>
          {isDemoProject(p) ? <Tag color="gold">Demo</Tag> : null}
          {p.isShare ? <Tag>Shared</Tag> : null}
          {p.locked ? (
            <Tooltip title="Read-only project: its configuration is locked by the owner.">
              <Tag icon={<LockOutlined />}>Locked</Tag>
            </Tooltip>
          ) : null}
        </Flex>
      ),
    },
    {
      key: 'netMode',
      title: 'Mode',
      width: 84,
      render: (_: unknown, p) => <NetModeTag netMode={p.netMode} compact />,
    },
    {
      key: 'scenario',
      title: 'Scenario',
      width: 104,
      ellipsis: true,
      render: (_: unknown, p) => SCENARIO_LABELS[p.scenario],
    },
    {
      key: 'location',
      title: 'Location',
      width: 104,
      ellipsis: true,
      // The typed location, else the place picked for the data screen's map.
      render: (_: unknown, p) => {
        const where = p.location || p.place?.city;
        return where ? (
          <span title={p.address ? `${where} · ${p.address}` : where}>{where}</span>
        ) : (
          <Typography.Text type="secondary">—</Typography.Text>
        );
      },
    },
    {
      key: 'timeZone',
      title: 'Time zone',
      width: 136,
      ellipsis: true,
      render: (_: unknown, p) => <span title={p.timeZone}>{timeZoneShortLabel(p.timeZone, Date.now())}</span>,
    },
    {
      key: 'right',
      title: 'Your right',
      width: 88,
      render: (_: unknown, p) => PROJECT_RIGHT_LABELS[p.right],
    },
    {
      key: 'owner',
      title: 'Owner',
      width: 104,
      ellipsis: true,
      render: (_: unknown, p) => p.ownerNick,
    },
    {
      key: 'devices',
      title: 'Online',
      width: 84,
      sorter: PROJECT_SORTERS.devices,
      sortOrder: sortOrderOf('devices'),
      render: (_: unknown, p) => <DeviceCount online={p.onlineCount} total={p.deviceCount} />,
    },
    {
      key: 'createdAt',
      title: 'Created',
      width: 108,
      sorter: PROJECT_SORTERS.createdAt,
      sortOrder: sortOrderOf('createdAt'),
      render: (_: unknown, p) => (
        <span className="nl-nowrap" title={dayjs(p.createdAt).format('YYYY-MM-DD HH:mm')}>
          {dayjs(p.createdAt).format('YYYY-MM-DD')}
        </span>
      ),
    },
    {
      key: 'actions',
      title: 'Actions',
      fixed: 'right',
      width: 112,
      render: (_: unknown, p) => {
        const editReason = editBlockedReason(p);
        const deleteReason = deleteBlockedReason(p);
        return (
          <Flex gap={4} align="center">
            <Button size="small" type="link" onClick={() => h.onOpen(p)}>
              Open
            </Button>
            <RowActionButton
              icon={<EditOutlined />}
              label={`Edit ${p.name}`}
              tooltip={editReason ?? 'Edit'}
              disabled={editReason !== null}
              onClick={() => h.onEdit(p)}
            />
            <RowActionButton
              danger
              icon={<DeleteOutlined />}
              label={`Delete ${p.name}`}
              tooltip={deleteReason ?? 'Delete'}
              disabled={deleteReason !== null}
              onClick={() => h.onDelete(p)}
            />
          </Flex>
        );
      },
    },
  ];
}
