import { SwapOutlined } from '@ant-design/icons';
import type { CpeMode, CpeStatus } from '@netloom/domain';
import { Alert, App, Button, Flex, Progress, Steps, Tooltip, Typography } from 'antd';
import { useEffect, useState } from 'react';
import {
  CPE_MODE_HINTS,
  CPE_MODE_LABELS,
  CPE_MODE_WORDS,
  MODE_SWITCH_STEPS,
  type ModeSwitch,
  modeSwitchProgress,
  otherMode,
} from './cpeModel';

interface ModeSwitchPanelProps {
  deviceName: string;
  status: CpeStatus;
  modeSwitch: ModeSwitch | null;
  starting: boolean;
  /** Why the switch is not possible now, or undefined. */
  disabledReason: string | undefined;
  onSwitch(target: CpeMode): void;
  onDismiss(): void;
}

function useTick(on: boolean): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!on) return;
    const t = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(t);
  }, [on]);
  return now;
}

/** Work mode with the switch button, its confirmation and the progress of a switch under way. */
export function ModeSwitchPanel({
  deviceName,
  status,
  modeSwitch,
  starting,
  disabledReason,
  onSwitch,
  onDismiss,
}: ModeSwitchPanelProps) {
  const { modal } = App.useApp();
  const progressNow = useTick(modeSwitch !== null);
  const progress = modeSwitch ? modeSwitchProgress(modeSwitch, status, progressNow) : null;
  const running = progress?.state === 'running';
  const mode = status.mode;
  const target = mode ? otherMode(mode) : null;

  function handleSwitch() {
    if (!target) return;
    modal.confirm({
      title: `Switch “${deviceName}” to ${CPE_MODE_WORDS[target]}?`,
      content: (
        <>
          <p>
            The CPE clears its bridge group and restarts its bridge; this takes about 2 minutes, during which
            the link through it is down.
          </p>
          <p>{CPE_MODE_HINTS[target]}</p>
        </>
      ),
      okText: `Switch to ${CPE_MODE_WORDS[target]}`,
      cancelText: 'Cancel',
      onOk: () => onSwitch(target),
    });
  }

  return (
    <Flex vertical gap={12}>
      <Flex justify="space-between" align="center" gap={12} wrap>
        <span>
          <Typography.Text type="secondary">Work mode: </Typography.Text>
          <Typography.Text strong data-testid="cpe-mode">
            {mode ? CPE_MODE_LABELS[mode] : 'Unknown'}
          </Typography.Text>
          {mode ? <Typography.Text type="secondary"> — {CPE_MODE_HINTS[mode]}</Typography.Text> : null}
        </span>
        {target ? (
          <Tooltip title={running ? 'A mode switch is under way.' : disabledReason}>
            <Button
              icon={<SwapOutlined />}
              onClick={handleSwitch}
              loading={starting}
              disabled={running || disabledReason !== undefined}
              data-testid="cpe-mode-switch"
            >
              Switch to {CPE_MODE_WORDS[target]}
            </Button>
          </Tooltip>
        ) : null}
      </Flex>
      {modeSwitch && progress ? (
        <div className="nl-cpe-progress" data-testid="cpe-mode-progress" data-state={progress.state}>
          {progress.state === 'failed' ? (
            <Alert
              type="error"
              showIcon
              title={progress.text}
              action={
                <Button size="small" onClick={onDismiss}>
                  Close
                </Button>
              }
            />
          ) : progress.state === 'done' ? (
            <Alert
              type="success"
              showIcon
              title={progress.text}
              action={
                <Button size="small" onClick={onDismiss}>
                  Close
                </Button>
              }
            />
          ) : (
            <>
              <Typography.Text strong>Switching to {CPE_MODE_WORDS[modeSwitch.target]}</Typography.Text>
              <Steps
                size="small"
                current={progress.step}
                className="nl-cpe-steps"
                items={MODE_SWITCH_STEPS.map((title) => ({ title }))}
              />
              <Progress percent={progress.percent} status="active" showInfo={false} />
              <Typography.Text type="secondary" role="status">
                {progress.text}
              </Typography.Text>
            </>
          )}
        </div>
      ) : null}
    </Flex>
  );
}
