/** Signal quality of an RSSI in dBm: 4 bars at −55 dBm and above, 1 bar below −75 dBm. */
export function signalLevel(rssi: number): { bars: 1 | 2 | 3 | 4; word: string; colour: string } {
  if (rssi >= -55) return { bars: 4, word: 'Excellent', colour: '#52c41a' };
  if (rssi >= -65) return { bars: 3, word: 'Good', colour: '#52c41a' };
  if (rssi >= -75) return { bars: 2, word: 'Fair', colour: '#fa8c16' };
  return { bars: 1, word: 'Weak', colour: '#f5222d' };
}

const HEIGHTS = [5, 8, 11, 14];

/** Four bars plus the dBm figure; the word is in the accessible name and the tooltip. */
export function SignalBars({ rssi }: { rssi: number }) {
  const level = signalLevel(rssi);
  return (
    <span className="nl-signal" title={`${level.word} signal`}>
      <span className="nl-visually-hidden">{level.word} signal, </span>
      <span className="nl-signal-bars" aria-hidden>
        {HEIGHTS.map((h, i) => (
          <span key={h} style={{ height: h, background: i < level.bars ? level.colour : '#e8e8e8' }} />
        ))}
      </span>
      <span className="nl-signal-dbm">{rssi} dBm</span>
    </span>
  );
}
