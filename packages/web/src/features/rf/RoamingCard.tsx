import { ACCESS_THRESHOLD_MAX, ACCESS_THRESHOLD_MIN, type RfSettings } from '@netloom/domain';
import { Card, Col, Flex, Form, InputNumber, Row, Switch, Typography } from 'antd';
import { fieldState, numberValue } from './RfSettingsCard';
import { formatDbm } from './rfModel';
import { SCALE_MAX_DBM, SCALE_MIN_DBM, signalScale, zoneLabel } from './signalScale';
import type { RfDraft } from './useRfDraft';

const TICKS = [-100, -90, -80, -70, -60, -50, -40, -30];

/** The roaming settings drawn on a signal line: who is refused, who is nudged, who stays. */
export function SignalScale({ settings }: { settings: Pick<RfSettings, 'accessThreshold' | 'roaming'> }) {
  const model = signalScale(settings);
  return (
    <figure className="nl-rf-scale" aria-label="Signal scale of the roaming settings">
      <div className="nl-rf-scale-track">
        {model.zones.map((z) => (
          <div
            key={z.key}
            className={`nl-rf-zone nl-rf-zone-${z.key}`}
            style={{ left: `${z.from}%`, width: `${z.to - z.from}%` }}
          >
            {zoneLabel(z) ? <span>{zoneLabel(z)}</span> : null}
          </div>
        ))}
        {model.markers.map((m) => (
          <div
            key={m.key}
            className={`nl-rf-marker nl-rf-marker-${m.key}`}
            style={{ left: `${m.percent}%` }}
            title={`${m.label}: ${formatDbm(m.dbm, 0)}`}
          />
        ))}
      </div>
      {model.roamTarget ? (
        <div className="nl-rf-scale-target">
          <div
            className="nl-rf-scale-bracket"
            style={{
              left: `${model.roamTarget.fromPercent}%`,
              width: `${Math.max(0.5, model.roamTarget.toPercent - model.roamTarget.fromPercent)}%`,
            }}
          />
        </div>
      ) : null}
      <div className="nl-rf-scale-ticks" aria-hidden>
        {TICKS.map((t) => (
          <span key={t} style={{ left: `${((t - SCALE_MIN_DBM) / (SCALE_MAX_DBM - SCALE_MIN_DBM)) * 100}%` }}>
            {t}
          </span>
        ))}
      </div>
      <figcaption className="nl-rf-scale-legend">
        {model.markers.map((m) => (
          <span key={m.key} className="nl-rf-legend-item">
            <i className={`nl-rf-swatch nl-rf-marker-${m.key}`} aria-hidden />
            {m.label} <b>{formatDbm(m.dbm, 0)}</b>
          </span>
        ))}
        {model.roamTarget ? (
          <span className="nl-rf-legend-item">
            <i className="nl-rf-swatch nl-rf-swatch-target" aria-hidden />
            Roams to an AP of at least <b>{formatDbm(model.roamTarget.dbm, 0)}</b> (2.4 GHz)
          </span>
        ) : null}
      </figcaption>
    </figure>
  );
}

function ThresholdField({
  draft,
  path,
  label,
  help,
  value,
  onChange,
  testId,
}: {
  draft: RfDraft;
  path: string;
  label: string;
  help: string;
  value: number;
  onChange: (v: number) => void;
  testId: string;
}) {
  return (
    <Form.Item label={label} {...fieldState(draft, path, help)}>
      <InputNumber
        value={Number.isFinite(value) ? value : null}
        onChange={(v) => onChange(numberValue(v))}
        suffix={path.endsWith('roamThreshold') ? 'dB' : 'dBm'}
        className="nl-rf-number-wide"
        aria-label={label}
        data-testid={testId}
      />
    </Form.Item>
  );
}

/** Roaming tuner (§2): when APs nudge weak clients to a better AP, per band. */
export function RoamingCard({ draft, locked }: { draft: RfDraft; locked: boolean }) {
  const s = draft.draft;
  const setRoaming = (patch: Partial<RfSettings['roaming']>) =>
    draft.update((d) => ({ ...d, roaming: { ...d.roaming, ...patch } }));
  const range = `${ACCESS_THRESHOLD_MIN} to ${ACCESS_THRESHOLD_MAX} dBm`;
  return (
    <Card title="Roaming" className="nl-rf-card" data-testid="rf-roaming">
      <Form layout="vertical" component="div" disabled={locked} requiredMark={false}>
        <Flex justify="space-between" align="flex-start" gap={16} className="nl-rf-row">
          <div>
            <Typography.Text strong>Assisted roaming</Typography.Text>
            <Typography.Paragraph type="secondary" className="nl-rf-row-hint">
              APs steer clients whose signal drops below the roam point to a clearly stronger AP, instead of
              waiting for the client to give up.
            </Typography.Paragraph>
          </div>
          <Switch
            checked={s.roaming.enabled}
            onChange={(enabled) => setRoaming({ enabled })}
            aria-label="Assisted roaming"
            data-testid="rf-roaming-enabled"
          />
        </Flex>
        <SignalScale settings={s} />
        {s.roaming.enabled ? (
          <Row gutter={16} className="nl-rf-roam-fields">
            <Col xs={24} md={8}>
              <ThresholdField
                draft={draft}
                path="roaming.signalThreshold24"
                label="2.4 GHz roam point"
                help={`Below this a 2.4 GHz client is nudged. ${range}.`}
                value={s.roaming.signalThreshold24}
                onChange={(signalThreshold24) => setRoaming({ signalThreshold24 })}
                testId="rf-roam24"
              />
            </Col>
            <Col xs={24} md={8}>
              <ThresholdField
                draft={draft}
                path="roaming.signalThreshold5"
                label="5 GHz roam point"
                help={`Below this a 5 GHz client is nudged. ${range}.`}
                value={s.roaming.signalThreshold5}
                onChange={(signalThreshold5) => setRoaming({ signalThreshold5 })}
                testId="rf-roam5"
              />
            </Col>
            <Col xs={24} md={8}>
              <ThresholdField
                draft={draft}
                path="roaming.roamThreshold"
                label="Roam threshold"
                help="How much stronger the new AP must be, 0–30 dB. Higher: fewer, surer moves."
                value={s.roaming.roamThreshold}
                onChange={(roamThreshold) => setRoaming({ roamThreshold })}
                testId="rf-roam-threshold"
              />
            </Col>
          </Row>
        ) : (
          <Typography.Paragraph type="secondary" className="nl-rf-row-hint">
            Off: clients decide when to roam; only the access threshold applies.
          </Typography.Paragraph>
        )}
      </Form>
    </Card>
  );
}
