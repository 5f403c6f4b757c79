import { Badge, Button, type ButtonProps } from 'antd';
import type { ReactNode, Ref } from 'react';

interface BadgeButtonProps extends Omit<ButtonProps, 'icon'> {
  icon: ReactNode;
  count: number;
  /** The accessible name, with the count in words ("3 unread alarms"). */
  label: string;
  testId: string;
  /** The badge shows "99+" above this. */
  overflowCount?: number;
  /** The badge's colour when it is not a warning (antd's red by default). */
  badgeColor?: string;
  ref?: Ref<HTMLButtonElement>;
}

/**
 * A round header button with a count badge (alarms, devices to be verified). The ref and every other
 * prop reach the button itself: a popover or tooltip around it then knows its trigger element, so a
 * second click on the button closes the popover instead of counting as a click outside it.
 */
export function BadgeButton({
  icon,
  count,
  label,
  testId,
  overflowCount,
  badgeColor,
  ref,
  ...rest
}: BadgeButtonProps) {
  return (
    <Badge count={count} size="small" offset={[-4, 4]} overflowCount={overflowCount} color={badgeColor}>
      <Button
        {...rest}
        ref={ref}
        type="text"
        shape="circle"
        icon={icon}
        aria-label={label}
        data-testid={testId}
        data-count={count}
      />
    </Badge>
  );
}
