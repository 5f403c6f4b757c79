import { Button, Tooltip } from 'antd';
import type { ReactNode } from 'react';

interface RowActionButtonProps {
  icon: ReactNode;
  /** The accessible name, with the row it acts on ("Delete AP-Lobby"). */
  label: string;
  /** Said on hover: what the button does, or why it is disabled. */
  tooltip?: ReactNode;
  disabled?: boolean;
  /** The action removes or cuts something (delete, force offline). */
  danger?: boolean;
  /** `link` where the action reads as part of the row's text. */
  type?: 'text' | 'link';
  onClick(): void;
  testId?: string;
  /** A word next to the icon; icon only without. */
  children?: ReactNode;
}

/** A small action in a table row (edit, delete, force offline), with its reason on hover. */
export function RowActionButton({
  icon,
  label,
  tooltip,
  disabled,
  danger,
  type = 'text',
  onClick,
  testId,
  children,
}: RowActionButtonProps) {
  return (
    <Tooltip title={tooltip}>
      <Button
        type={type}
        size="small"
        danger={danger}
        icon={icon}
        aria-label={label}
        disabled={disabled}
        onClick={onClick}
        data-testid={testId}
      >
        {children}
      </Button>
    </Tooltip>
  );
}
