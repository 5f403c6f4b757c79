import type { DeviceDetail } from '@netloom/domain';
import { Progress } from 'antd';
import { NONE } from '../../../components/format';
import { isNotReporting, rate, uptime } from '../format';

function Gauge({ label, value }: { label: string; value: number | null }) {
  const pct = value === null ? null : Math.round(Math.max(0, Math.min(100, value)));
  const color = pct === null ? undefined : pct >= 90 ? '#f5222d' : pct >= 70 ? '#fa8c16' : '#1677ff';
  return (
    <div className="nl-health-item">
      <span className="nl-health-label">{label}</span>
      {pct === null ? (
        <span className="nl-health-value">{NONE}</span>
      ) : (
        <Progress
          type="dashboard"
          size={64}
          percent={pct}
          strokeColor={color}
          aria-label={`${label} ${pct}%`}
        />
      )}
    </div>
  );
}

function Stat({ label, value }: { label: string; value: string | number }) {
  return (
    <div className="nl-health-item">
      <span className="nl-health-label">{label}</span>
      <span className="nl-health-value">{value}</span>
    </div>
  );
}

/**
 * The numbers that say whether the device is healthy, updated with every live refetch. While it is
 * offline or rebooting it reports nothing: the last figures would read as current, so none are shown.
 */
export function DeviceHealth({ device: d }: { device: DeviceDetail }) {
  const offline = isNotReporting(d);
  return (
    <div className="nl-health" data-testid="device-health">
      <Gauge label="CPU" value={offline ? null : d.cpu} />
      <Gauge label="Memory" value={offline ? null : d.memory} />
      <Stat label="Uptime" value={uptime(d)} />
      <Stat label="Clients" value={offline || d.clients === null ? NONE : d.clients} />
      <Stat label="Upload" value={offline ? NONE : rate(d.txRate)} />
      <Stat label="Download" value={offline ? NONE : rate(d.rxRate)} />
    </div>
  );
}
