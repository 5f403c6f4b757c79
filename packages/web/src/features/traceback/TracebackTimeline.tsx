/** The timeline of a client's connections, newest first: device, network, signal, roams. */
import { SwapOutlined, WifiOutlined } from '@ant-design/icons';
import { formatDuration, type TracebackSession } from '@netloom/domain';
import { Flex, Tag, Timeline, Typography } from 'antd';
import { useNavigate } from 'react-router';
import { NONE } from '../../components/format';
import { SignalBars } from '../../components/SignalBars';
import { devicePath } from '../../navigation/paths';

const when = (at: number) =>
  new Date(at).toLocaleString(undefined, {
    month: 'short',
    day: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
  });
const clock = (at: number) =>
  new Date(at).toLocaleTimeString(undefined, { hour: '2-digit', minute: '2-digit' });
const sameDay = (a: number, b: number) => new Date(a).toDateString() === new Date(b).toDateString();

function Signal({ from, to }: { from: number | null; to: number | null }) {
  if (from === null && to === null) return <>{NONE}</>;
  return (
    <Flex align="center" gap={6} className="nl-traceback-signal">
      {from !== null ? <SignalBars rssi={from} /> : NONE}
      {to !== null && to !== from ? (
        <>
          <span aria-hidden>→</span>
          <SignalBars rssi={to} />
        </>
      ) : null}
    </Flex>
  );
}

function Period({ s, now }: { s: TracebackSession; now: number }) {
  const seconds = Math.max(0, Math.round(((s.endedAt ?? now) - s.startedAt) / 1000));
  // Under a minute `formatDuration` says "now": the period alone says enough then.
  const span = seconds >= 60 ? ` · ${formatDuration(seconds)}` : '';
  const period =
    s.endedAt === null
      ? `Since ${when(s.startedAt)}`
      : `${when(s.startedAt)} – ${sameDay(s.startedAt, s.endedAt) ? clock(s.endedAt) : when(s.endedAt)}`;
  return (
    <Typography.Text type="secondary" className="nl-num">
      {period}
      {span}
    </Typography.Text>
  );
}

export function TracebackTimeline({ sessions, now }: { sessions: readonly TracebackSession[]; now: number }) {
  const navigate = useNavigate();
  const items = [...sessions].reverse().map((s) => {
    const online = s.endedAt === null;
    return {
      key: `${s.device.id}-${s.startedAt}`,
      color: online ? 'green' : s.roamedFrom ? 'blue' : 'gray',
      dot: s.roamedFrom ? <SwapOutlined /> : online ? <WifiOutlined /> : undefined,
      children: (
        <div className="nl-traceback-item" data-testid="traceback-item" data-device={s.device.id}>
          <Flex align="center" gap={8} wrap>
            <Typography.Link strong onClick={() => navigate(devicePath(s.device.id))}>
              {s.device.name}
            </Typography.Link>
            <Typography.Text type="secondary">{s.device.model ?? s.device.sn}</Typography.Text>
            {online ? <Tag color="success">Connected now</Tag> : null}
            {s.roamedFrom ? (
              <Tag color="processing" data-testid="traceback-roam">
                Roamed from {s.roamedFrom.name}
              </Tag>
            ) : null}
          </Flex>
          <Flex gap={24} wrap className="nl-traceback-facts">
            <Period s={s} now={now} />
            <span>
              {s.connection === 'wired' ? 'Wired' : (s.ssid ?? NONE)}
              {s.band ? <Typography.Text type="secondary"> · {s.band}</Typography.Text> : null}
            </span>
            <Signal from={s.rssiStart} to={s.rssiEnd} />
          </Flex>
        </div>
      ),
    };
  });
  return <Timeline items={items} className="nl-traceback-timeline" data-testid="traceback-timeline" />;
}
