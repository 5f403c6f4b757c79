import { dbmText } from './format';
import './signal.css';

/** Signal bars 0–4 from a received signal in dBm (4 at −55 dBm and above, none below −85 dBm). */
export function signalBars(rssi: number): 0 | 1 | 2 | 3 | 4 {
  if (rssi >= -55) return 4;
  if (rssi >= -65) return 3;
  if (rssi >= -75) return 2;
  if (rssi >= -85) return 1;
  return 0;
}

type Tone = 'good' | 'fair' | 'poor';

/** The quality of a signal in words and colour tone, for the bars' tooltip. */
export function signalLevel(rssi: number): { bars: 0 | 1 | 2 | 3 | 4; word: string; tone: Tone } {
  const bars = signalBars(rssi);
  if (bars === 4) return { bars, word: 'Excellent', tone: 'good' };
  if (bars === 3) return { bars, word: 'Good', tone: 'good' };
  if (bars === 2) return { bars, word: 'Fair', tone: 'fair' };
  return { bars, word: 'Weak', tone: 'poor' };
}

const HEIGHTS = [4, 7, 10, 13];

/**
 * Four bars filled by signal strength (clients, CPE links, Wi-Fi searches), with the dBm value
 * for the eye and, in words, for screen readers and the tooltip.
 */
export function SignalBars({ rssi, showValue = true }: { rssi: number; showValue?: boolean }) {
  const { bars, word, tone } = signalLevel(rssi);
  return (
    <span
      className="nl-signal"
      role="img"
      aria-label={`Signal ${dbmText(rssi)}, ${bars} of 4 bars`}
      title={`${word} signal`}
    >
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
