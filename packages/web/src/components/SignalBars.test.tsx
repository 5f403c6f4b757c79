import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { dbmText } from './format';
import { SignalBars, signalBars, signalLevel } from './SignalBars';

describe('signal bars', () => {
  it('maps RSSI to four bars with the thresholds at -55, -65 and -75 dBm', () => {
    expect(signalLevel(-40).bars).toBe(4);
    expect(signalLevel(-55).bars).toBe(4);
    expect(signalLevel(-56).bars).toBe(3);
    expect(signalLevel(-70).bars).toBe(2);
    expect(signalLevel(-76).bars).toBe(1);
  });

  it('draws signal as bars', () => {
    expect([-50, -60, -70, -80, -90].map(signalBars)).toEqual([4, 3, 2, 1, 0]);
    expect(dbmText(-64.4)).toBe('\u221264 dBm');
    const html = renderToStaticMarkup(<SignalBars rssi={-64} />);
    expect(html).toContain('aria-label="Signal \u221264 dBm, 3 of 4 bars"');
    expect(html.match(/nl-signal-on/g)).toHaveLength(3);
  });
});
