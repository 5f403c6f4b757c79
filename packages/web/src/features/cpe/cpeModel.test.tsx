import { type CpeStatus, ERR, errorMessage } from '@netloom/domain';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import {
  bridgeStatusText,
  decodeModeSwitch,
  encodeModeSwitch,
  type ModeSwitch,
  modeSwitchProgress,
} from './cpeModel';
import { ModeSwitchPanel } from './ModeSwitchPanel';

const T0 = 1_800_000_000_000;
const online = (mode: 'ap' | 'client'): CpeStatus => ({
  mode,
  bridge: 'none',
  peerSn: null,
  ssid: null,
  rssi: null,
});
const offline: CpeStatus = { mode: 'ap', bridge: 'offline', peerSn: null, ssid: null, rssi: null };
const sw = (over: Partial<ModeSwitch>): ModeSwitch => ({
  target: 'client',
  commandId: 'c1',
  startedAt: T0,
  jobStatus: 'sent',
  stage: null,
  code: null,
  ...over,
});
const text = (html: string) => html.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');

describe('bridge status', () => {
  it('says bridged to whom and how strong', () => {
    const s: CpeStatus = {
      mode: 'client',
      bridge: 'connected',
      peerSn: 'NLSCPJ2180000036',
      ssid: 'NL-CPE-0036',
      rssi: -58,
    };
    expect(bridgeStatusText(s)).toEqual({ tone: 'connected', text: 'Bridged to NL-CPE-0036 · \u221258 dBm' });
    expect(bridgeStatusText(s, 'Roof CPE').text).toBe('Bridged to Roof CPE · \u221258 dBm');
    expect(bridgeStatusText({ ...s, rssi: null, ssid: null }).text).toBe('Bridged to NLSCPJ2180000036');
  });

  it('says when there is no bridge or the device is offline', () => {
    expect(bridgeStatusText(online('ap')).text).toBe('No bridge detected');
    expect(bridgeStatusText(offline).text).toBe('Device offline');
  });
});

describe('mode switch progress', () => {
  it('follows the command stages', () => {
    expect(modeSwitchProgress(sw({}), online('ap'), T0 + 1000)).toMatchObject({ step: 0, state: 'running' });
    expect(modeSwitchProgress(sw({ stage: 'clearing' }), online('ap'), T0 + 2000)).toMatchObject({
      step: 1,
      text: 'Clearing the bridge group…',
    });
    expect(modeSwitchProgress(sw({ stage: 'restarting' }), online('ap'), T0 + 3000)).toMatchObject({
      step: 2,
    });
  });

  it('counts down while the CPE restarts, and never reaches 100 % before it is back', () => {
    const p = modeSwitchProgress(sw({ jobStatus: 'done' }), offline, T0 + 40_000);
    expect(p).toMatchObject({ step: 3, state: 'running', secondsLeft: 80 });
    expect(p.text).toBe('Restarting in client mode; back online in about 1 min 20 s.');
    const late = modeSwitchProgress(sw({ jobStatus: 'done' }), offline, T0 + 10 * 60_000);
    expect(late.percent).toBe(95);
    expect(late.text).toMatch(/longer than usual/);
  });

  it('counts the new mode reported a minute after the start as done, even without the answer', () => {
    expect(modeSwitchProgress(sw({}), online('client'), T0 + 10_000).state).toBe('running');
    expect(modeSwitchProgress(sw({}), online('client'), T0 + 61_000).state).toBe('done');
  });

  it('keeps a running switch in the URL for the device that runs it', () => {
    const s = sw({ commandId: 'job:42', startedAt: T0 });
    const value = encodeModeSwitch(7, s);
    expect(decodeModeSwitch(value, 7)).toEqual({ ...s, jobStatus: 'sent', stage: null, code: null });
    expect(decodeModeSwitch(value, 8)).toBeNull();
    expect(decodeModeSwitch('nonsense', 7)).toBeNull();
    expect(decodeModeSwitch(null, 7)).toBeNull();
  });

  it('is done when the device reports again in the new mode', () => {
    expect(modeSwitchProgress(sw({ jobStatus: 'done' }), online('ap'), T0 + 60_000).state).toBe('running');
    expect(modeSwitchProgress(sw({ jobStatus: 'done' }), online('client'), T0 + 60_000)).toMatchObject({
      state: 'done',
      percent: 100,
      text: 'The CPE is back online in client mode.',
    });
  });

  it('says why it failed with the catalogue message', () => {
    const failed = modeSwitchProgress(sw({ jobStatus: 'failed', code: ERR.DEVICE_OFFLINE }), offline, T0);
    expect(failed.state).toBe('failed');
    expect(failed.text).toBe(`The mode switch failed: ${errorMessage(ERR.DEVICE_OFFLINE)}`);
    expect(modeSwitchProgress(sw({ jobStatus: 'expired' }), offline, T0).text).toMatch(
      /did not confirm in time/,
    );
  });

  it('renders the stages, the bar and the sentence', () => {
    const html = renderToStaticMarkup(
      <ModeSwitchPanel
        deviceName="Roof"
        status={online('ap')}
        modeSwitch={sw({ stage: 'clearing', startedAt: Date.now() })}
        starting={false}
        disabledReason={undefined}
        onSwitch={() => {}}
        onDismiss={() => {}}
      />,
    );
    const t = text(html);
    expect(t).toContain('Work mode: AP mode');
    expect(t).toContain('Switching to client mode');
    expect(t).toContain('Clear bridge group');
    expect(t).toContain('Clearing the bridge group…');
    expect(html).toContain('data-state="running"');
  });
});
