import { Badge, Button } from 'antd';
import type { ReactNode } from 'react';

interface BadgeButtonProps {
  icon: ReactNode;
  count: number;
  /** The accessible name, with the count in words ("3 unread alarms"). */
  label: string;
  testId: string;
  onClick?: () => void;
  /** The badge shows "99+" above this. */
  overflowCount?: number;
}

/** A round header button with a count badge (alarms, devices to be verified). */
export function BadgeButton({ icon, count, label, testId, onClick, overflowCount }: BadgeButtonProps) {
  return (
    <Badge count={count} size="small" offset={[-4, 4]} overflowCount={overflowCount}>
      <Button
        type="text"
        shape="circle"
        icon={icon}
        aria-label={label}
        data-testid={testId}
        data-count={count}
        onClick={onClick}
      />
    </Badge>
  );
}
