import {
  IDLE_PAUSE_CHOICES_SECONDS,
  IDLE_PREFERENCE_KEY,
  IDLE_SIGN_OUT_CHOICES_SECONDS,
  type IdlePreference,
  idlePreferenceOf,
  idlePreferenceSchema,
} from '@netloom/domain';
import { App, Card, Form, Select } from 'antd';
import { plural } from '../../components/format';
import { usePreference } from '../../session/preferences';

const NEVER = 0;

const MINUTE = 60;
const HOUR = 3600;

/** "10 minutes", "1 hour", "6 seconds" (a value set by hand shows as it is). */
function label(seconds: number): string {
  if (seconds % HOUR === 0) return plural(seconds / HOUR, 'hour');
  if (seconds % MINUTE === 0) return plural(seconds / MINUTE, 'minute');
  return plural(seconds, 'second');
}

function optionsOf(choices: readonly number[], current: number | null) {
  const values =
    current === null || choices.includes(current)
      ? [...choices]
      : [...choices, current].sort((a, b) => a - b);
  return values.map((s) => ({ value: s, label: label(s) }));
}

/**
 * My account → "When I'm away" (issue 15 §3): after how long without activity the console pauses
 * its live updates, and whether it signs out after a longer time. The account's preference
 * (`idle`): the rule (sign-out after the pause) is domain `idlePreferenceSchema`, mirrored here by
 * disabling the sign-out times that are not longer than the pause.
 */
export function IdleSettingsCard() {
  const { message } = App.useApp();
  const pref = usePreference(IDLE_PREFERENCE_KEY, idlePreferenceOf);
  const { pauseAfterSeconds, signOutAfterSeconds } = pref.value;

  const save = (next: IdlePreference) => {
    const r = idlePreferenceSchema.safeParse(next);
    if (!r.success) {
      message.error(r.error.issues[0]?.message ?? 'Invalid choice.');
      return;
    }
    pref.set(r.data);
    message.success('Saved.');
  };

  return (
    <Card title="When I'm away" className="nl-form-card" style={{ marginTop: 16 }}>
      <Form layout="vertical" requiredMark={false}>
        <Form.Item
          label="Pause live updates after"
          extra="Without mouse or keyboard activity; moving the mouse or typing resumes them."
        >
          <Select<number>
            aria-label="Pause live updates after"
            value={pauseAfterSeconds}
            options={optionsOf(IDLE_PAUSE_CHOICES_SECONDS, pauseAfterSeconds)}
            onChange={(v) => save({ pauseAfterSeconds: v, signOutAfterSeconds })}
            style={{ maxWidth: 280 }}
          />
        </Form.Item>
        <Form.Item label="Sign out after" extra="Must be longer than the pause.">
          <Select<number>
            aria-label="Sign out after"
            value={signOutAfterSeconds ?? NEVER}
            options={[
              { value: NEVER, label: 'Never' },
              ...optionsOf(IDLE_SIGN_OUT_CHOICES_SECONDS, signOutAfterSeconds).map((o) => ({
                ...o,
                disabled: o.value <= pauseAfterSeconds,
              })),
            ]}
            onChange={(v) => save({ pauseAfterSeconds, signOutAfterSeconds: v === NEVER ? null : v })}
            style={{ maxWidth: 280 }}
          />
        </Form.Item>
      </Form>
    </Card>
  );
}
