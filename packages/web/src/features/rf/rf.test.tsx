import { defaultRfSettings, errorMessage, GENERAL_MESSAGES, rfSettingsIssues } from '@netloom/domain';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { applyProgress } from './api';
import { isSecondaryMeshNode } from './DeviceRadioSection';
import { noiseChartData } from './noiseChartData';
import { RfProgressCard } from './RfProgressCard';
import { RadioChanges, RfRecordsTable } from './RfRecordsTable';
import { SignalScale } from './RoamingCard';
import {
  changedRadios,
  deltaTone,
  formatDb,
  formatDbm,
  MANUAL_RUN_LOCK_MESSAGE,
  noiseDelta,
  RUNNING_LOCK_MESSAGE,
  runDuration,
  runDurationText,
  runningLockMessage,
  scheduleText,
  startBlockReason,
  stepIndex,
  successText,
  untilText,
} from './rfModel';
import { scalePercent, signalScale, zoneLabel } from './signalScale';
import { buildChange, buildRun, T0 } from './testRuns';
import { endedRun } from './useRunEnded';

const running = buildRun({
  id: 8,
  status: 'running',
  stage: 'planning',
  percent: 42,
  finishedAt: null,
  before: null,
  after: null,
  changes: [],
});

describe('starting a run', () => {
  it('needs the right first, then no run under way, then 2 online APs', () => {
    const view = { onlineAps: 1, running: null };
    expect(startBlockReason({ editBlockedReason: 'Unavailable in demo projects', view })).toBe(
      'Unavailable in demo projects',
    );
    expect(startBlockReason({ editBlockedReason: undefined, view: { onlineAps: 5, running } })).toMatch(
      /running/,
    );
    expect(startBlockReason({ editBlockedReason: undefined, view })).toBe(GENERAL_MESSAGES.RF_TOO_FEW_ONLINE);
    expect(
      startBlockReason({ editBlockedReason: undefined, view: { onlineAps: 2, running: null } }),
    ).toBeUndefined();
  });

  it('locks settings with the catalogue message of code 27 for a scheduled run, plain words for a manual one', () => {
    expect(RUNNING_LOCK_MESSAGE).toBe(errorMessage(27));
    expect(runningLockMessage('auto')).toBe(errorMessage(27));
    expect(runningLockMessage(undefined)).toBe(errorMessage(27));
    expect(runningLockMessage('manual')).toBe(MANUAL_RUN_LOCK_MESSAGE);
    expect(runningLockMessage('manual')).not.toMatch(/automatic/i);
  });
});

describe('noise figures', () => {
  it('formats dBm and signed dB changes', () => {
    expect(formatDbm(-86.14)).toBe('−86.1 dBm');
    expect(formatDbm(-60, 0)).toBe('−60 dBm');
    expect(formatDb(-6.21)).toBe('−6.2 dB');
    expect(formatDb(0.4)).toBe('+0.4 dB');
    expect(formatDb(0.01)).toBe('0 dB');
  });

  it('counts lower noise after the run as better', () => {
    const run = buildRun();
    expect(noiseDelta(run)).toBeCloseTo(-6.2, 5);
    expect(deltaTone(noiseDelta(run))).toBe('better');
    expect(deltaTone(noiseDelta(run, 'nearChannelDbm'))).toBe('better');
    expect(deltaTone(0.02)).toBe('same');
    expect(deltaTone(1)).toBe('worse');
    expect(noiseDelta(running)).toBeNull();
  });

  it('says what a successful run changed', () => {
    const run = buildRun();
    expect(changedRadios(run)).toBe(1);
    expect(successText(run)).toBe(
      'RF optimisation succeeded: 1 radio changed, total noise is 6.2 dB lower (−86.1 dBm → −92.3 dBm).',
    );
    const kept = buildRun({ changes: [buildChange({ channelAfter: 36, powerAfter: 23 })] });
    expect(successText(kept)).toMatch(/already the best plan/);
  });

  it('draws bars from a baseline below every value', () => {
    const d = noiseChartData(buildRun());
    expect(d.labels).toEqual(['Same-channel', 'Near-channel', 'Total noise']);
    expect(d.baseline).toBe(-100);
    expect(d.top).toBe(-60);
    expect(d.after[2]).toBe(-92.3);
  });
});

describe('run lifecycle', () => {
  it('knows the stage order', () => {
    expect(stepIndex('scanning')).toBe(0);
    expect(stepIndex('applying')).toBe(2);
    expect(stepIndex('done')).toBe(3);
  });

  it('moves the running run with progress events and drops it when it ends', () => {
    const view = { onlineAps: 3, totalAps: 3, running, records: [], nextAutoRunAt: null };
    const moved = applyProgress(view, { runId: 8, status: 'running', stage: 'applying', percent: 80 });
    expect(moved.running).toMatchObject({ stage: 'applying', percent: 80 });
    expect(
      applyProgress(view, { runId: 8, status: 'succeeded', stage: 'done', percent: 100 }).running,
    ).toBeNull();
    expect(applyProgress(view, { runId: 99, status: 'running', stage: 'scanning', percent: 5 })).toBe(view);
  });

  it('reports the watched run once it shows among the records', () => {
    const done = buildRun({ id: 8 });
    expect(endedRun(8, { running, records: [] })).toBeNull();
    expect(endedRun(8, { running: null, records: [] })).toBeNull();
    expect(endedRun(8, { running: null, records: [done] })).toBe(done);
    expect(endedRun(null, { running: null, records: [done] })).toBeNull();
  });

  it('measures run durations', () => {
    expect(runDuration(buildRun())).toBe('3 min 12 s');
    expect(runDuration({ startedAt: T0, finishedAt: T0 + 45_000 })).toBe('45 s');
  });
});

describe('schedule', () => {
  it('reads the automatic schedule as a sentence', () => {
    const s = defaultRfSettings();
    expect(scheduleText(s)).toBe('Off');
    expect(scheduleText({ ...s, auto: true })).toBe('Every day at 03:00');
    expect(scheduleText({ ...s, auto: true, autoDays: [0, 1, 2, 3, 4], autoTime: '02:30' })).toBe(
      'Weekdays at 02:30',
    );
    expect(scheduleText({ ...s, auto: true, autoDays: [4, 0, 2] })).toBe('Mon, Wed, Fri at 03:00');
  });

  it('uses the domain rules for inline validation', () => {
    const s = { ...defaultRfSettings(), auto: true, autoDays: [], accessThreshold: -95 };
    const paths = rfSettingsIssues(s).map((i) => i.path);
    expect(paths).toEqual(expect.arrayContaining(['autoDays', 'accessThreshold']));
  });
});

describe('next run', () => {
  it('says how long until the next automatic run', () => {
    expect(untilText(T0 + 25 * 60_000, T0)).toBe('in 25 min');
    expect(untilText(T0 + 17.8 * 3_600_000, T0)).toBe('in 18 h');
    expect(untilText(T0 + 3 * 86_400_000, T0)).toBe('in 3 days');
  });
});

describe('signal scale', () => {
  it('places thresholds on the −100…−30 dBm line', () => {
    expect(scalePercent(-100)).toBe(0);
    expect(scalePercent(-65)).toBe(50);
    expect(scalePercent(-120)).toBe(0);
  });

  it('shows refused / nudged / stays zones and the roam target when roaming is on', () => {
    const s = defaultRfSettings();
    const off = signalScale({ ...s, accessThreshold: -80 });
    expect(off.zones.map((z) => z.key)).toEqual(['refused', 'stay']);
    expect(off.roamTarget).toBeNull();
    const on = signalScale({ ...s, accessThreshold: -80, roaming: { ...s.roaming, enabled: true } });
    expect(on.zones.map((z) => z.key)).toEqual(['refused', 'roam', 'stay']);
    expect(on.roamTarget?.dbm).toBe(-75 + 8);
    // A narrow zone gets a short label, a sliver none, so text is never cut off.
    expect(zoneLabel({ key: 'roam', from: 10, to: 40, label: 'Nudged to roam' })).toBe('Nudged to roam');
    expect(zoneLabel({ key: 'roam', from: 10, to: 22, label: 'Nudged to roam' })).toBe('Roam');
    expect(zoneLabel({ key: 'roam', from: 10, to: 20, label: 'Nudged to roam' })).toBe('');
    expect(zoneLabel({ key: 'roam', from: 10, to: 14, label: 'Nudged to roam' })).toBe('');
    const html = renderToStaticMarkup(
      <SignalScale settings={{ ...s, roaming: { ...s.roaming, enabled: true } }} />,
    );
    expect(html).toContain('2.4 GHz roam point <b>−75 dBm</b>');
    expect(html).toContain('Roams to an AP of at least <b>−67 dBm</b>');
  });
});

describe('rendering', () => {
  it('lists runs with before → after noise and the improvement', () => {
    const html = renderToStaticMarkup(<RfRecordsTable records={[buildRun()]} now={T0} />);
    expect(html).toContain('Manual · 3 min 12 s');
    expect(html).toContain('Succeeded');
    expect(html).toContain('−86.1 <span class="nl-rf-arrow">→</span> −92.3');
    expect(html).toContain('nl-rf-delta-better">−6.2 dB');
    expect(html).toContain('1 of 2');
    expect(html).toContain('−85 dBm');
    // The measured figure (second scan after applying) sits under the prediction.
    expect(html).toContain('measured −91.6 (−5.5 dB)');
  });

  it('shows no measured figure for runs recorded without one', () => {
    const html = renderToStaticMarkup(
      <RfRecordsTable records={[buildRun({ measuredAfter: null })]} now={T0} />,
    );
    expect(html).toContain('−86.1 <span class="nl-rf-arrow">→</span> −92.3');
    expect(html).not.toContain('measured');
  });

  it('shows an empty state that says what to do', () => {
    const html = renderToStaticMarkup(<RfRecordsTable records={[]} now={T0} />);
    expect(html).toContain('No optimisation yet');
  });

  it('expands a run to its per-radio changes', () => {
    const html = renderToStaticMarkup(<RadioChanges run={buildRun()} />);
    expect(html).toContain('AP-Lobby');
    expect(html).toContain('5 GHz');
    expect(html).toContain('36 <span class="nl-rf-arrow">→</span> <b>52</b>');
    expect(html).toContain('23 dBm <span class="nl-rf-arrow">→</span> <b>17 dBm</b>');
    expect(html).toContain('6 (kept)');
    expect(html).toContain('No clients');
    const failed = renderToStaticMarkup(
      <RadioChanges run={buildRun({ status: 'failed', code: 2105, changes: [] })} />,
    );
    expect(failed).toContain(errorMessage(2105));
  });

  it('shows the stage and percent of a running run', () => {
    const html = renderToStaticMarkup(
      <RfProgressCard run={running} lastRunText={runDurationText({ records: [] })} />,
    );
    expect(html).toContain('42%');
    expect(html).toContain('data-stage="planning"');
    expect(html).toContain('Scanning');
    expect(html).toContain('It can take up to 10 minutes');
  });

  it('states how long a run takes from the project’s own last run, not a fixed promise', () => {
    const done = buildRun({ startedAt: 1_000, finishedAt: 8_000 });
    expect(runDurationText({ records: [done] })).toBe('The last run here took 7 s');
    expect(runDurationText({ records: [buildRun({ startedAt: 0, finishedAt: 125_000 })] })).toBe(
      'The last run here took 2 min 5 s',
    );
    expect(runDurationText(undefined)).toBe('It can take up to 10 minutes');
  });
});

describe('mesh radios', () => {
  it('primary mesh nodes set their radios; secondary ones are managed by the primary', () => {
    expect(isSecondaryMeshNode({ type: 'mesh', meshRole: 1 })).toBe(true);
    expect(isSecondaryMeshNode({ type: 'mesh', meshRole: 0 })).toBe(false);
    expect(isSecondaryMeshNode({ type: 'mesh', meshRole: null })).toBe(false);
    expect(isSecondaryMeshNode({ type: 'ap', meshRole: 1 })).toBe(false);
  });
});
