import { dbmText, signalBars } from './cpeModel';

const HEIGHTS = [4, 7, 10, 13];

/** Four bars filled by signal strength, with the dBm value for screen readers and the eye. */
export function SignalBars({ rssi, showValue = true }: { rssi: number; showValue?: boolean }) {
  const bars = signalBars(rssi);
  const tone = bars >= 3 ? 'good' : bars === 2 ? 'fair' : 'poor';
  return (
    <span className="nl-signal" role="img" aria-label={`Signal ${dbmText(rssi)}, ${bars} of 4 bars`}>
      <svg width="18" height="14" viewBox="0 0 18 14" aria-hidden>
        {HEIGHTS.map((h, i) => (
          <rect
            key={h}
            x={i * 4.5}
            y={14 - h}
            width="3"
            height={h}
            rx="1"
            className={i < bars ? `nl-signal-on nl-signal-${tone}` : 'nl-signal-off'}
          />
        ))}
      </svg>
      {showValue ? <span className="nl-signal-value">{dbmText(rssi)}</span> : null}
    </span>
  );
}
