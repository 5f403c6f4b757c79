import { ThunderboltFilled } from '@ant-design/icons';
import type { DeviceDetail } from '@netloom/domain';
import { Tooltip } from 'antd';

type Port = DeviceDetail['ports'][number];

function speedLabel(mbps: number): string {
  if (mbps <= 0) return '';
  return mbps >= 1000 ? `${mbps / 1000} G` : `${mbps} M`;
}

function portTitle(p: Port): string {
  const up = p.link === 'up';
  const parts = [`Port ${p.id}`, up ? 'link up' : 'link down'];
  if (up && p.speed > 0) parts.push(`${speedLabel(p.speed)}bps ${p.duplex} duplex`);
  if (p.poe) parts.push(p.poe.on ? `PoE ${p.poe.watts} W` : 'PoE off');
  return parts.join(' · ');
}

/**
 * The device front: numbered ports, green when linked (amber below 1 Gbps), grey when down, the
 * speed under each port and the PoE draw above it. Switch-like fronts with many ports use two
 * rows, odd numbers on top as printed on real devices.
 */
export function DevicePorts({ ports }: { ports: Port[] }) {
  if (ports.length === 0) return null;
  const sorted = [...ports].sort((a, b) => a.id - b.id);
  const twoRows = sorted.length > 10;
  const rows = twoRows
    ? [sorted.filter((p) => p.id % 2 === 1), sorted.filter((p) => p.id % 2 === 0)]
    : [sorted];
  const up = sorted.filter((p) => p.link === 'up').length;
  const poeWatts = sorted.reduce((w, p) => w + (p.poe?.on ? p.poe.watts : 0), 0);
  return (
    <div className="nl-ports" data-testid="device-ports">
      <fieldset className="nl-ports-front" aria-label="Ports">
        {rows.map((row, i) => (
          <div className="nl-ports-row" key={i === 0 ? 'top' : 'bottom'}>
            {row.map((p) => {
              const linked = p.link === 'up';
              const state = !linked ? 'down' : p.speed >= 1000 ? 'up' : 'slow';
              return (
                <Tooltip key={p.id} title={portTitle(p)}>
                  <button
                    type="button"
                    className={`nl-port nl-port-${state}`}
                    aria-label={portTitle(p)}
                    data-port={p.id}
                    data-link={p.link}
                  >
                    <span className="nl-port-poe">
                      {p.poe?.on ? (
                        <>
                          <ThunderboltFilled /> {p.poe.watts}W
                        </>
                      ) : null}
                    </span>
                    <span className="nl-port-jack">{p.id}</span>
                    <span className="nl-port-speed">{linked ? speedLabel(p.speed) : ''}</span>
                  </button>
                </Tooltip>
              );
            })}
          </div>
        ))}
      </fieldset>
      <div className="nl-ports-legend">
        <span>
          <i className="nl-dot nl-port-up" /> 1 Gbps+
        </span>
        <span>
          <i className="nl-dot nl-port-slow" /> below 1 Gbps
        </span>
        <span>
          <i className="nl-dot nl-port-down" /> down
        </span>
        <span className="nl-ports-summary">
          {up} of {sorted.length} linked{poeWatts > 0 ? ` · PoE ${Math.round(poeWatts * 10) / 10} W` : ''}
        </span>
      </div>
    </div>
  );
}
