import { DEFAULT_IDLE_PREFERENCE, type IdleState } from '@netloom/domain';
import { describe, expect, it } from 'vitest';
import { IdleDetector } from './idleDetector';

function rig(pref = { pauseAfterSeconds: 60, signOutAfterSeconds: 600 as number | null }) {
  let now = 0;
  const seen: IdleState[] = [];
  const target = new EventTarget() as unknown as Window;
  const d = new IdleDetector(
    pref,
    (s) => seen.push(s),
    () => now,
    target,
  );
  return { d, seen, target, at: (s: number) => (now = s * 1000) };
}

describe('the idle detector (§4, §9)', () => {
  it('pauses after the idle time, signs out after the longer one, and reports each change once', () => {
    const r = rig();
    r.at(59);
    r.d.check();
    expect(r.seen).toEqual([]);
    r.at(60);
    r.d.check();
    r.d.check();
    expect(r.seen).toEqual(['paused']);
    r.at(600);
    r.d.check();
    expect(r.seen).toEqual(['paused', 'signOut']);
  });

  it('resumes at the first activity, without waiting for the next poll', () => {
    const r = rig();
    r.d.start();
    try {
      r.at(120);
      r.d.check();
      r.target.dispatchEvent(new Event('keydown'));
      expect(r.seen).toEqual(['paused', 'active']);
      r.at(150);
      r.d.check();
      expect(r.seen).toEqual(['paused', 'active']);
    } finally {
      r.d.stop();
    }
  });

  it('never signs out when the account did not ask for it (the default)', () => {
    const r = rig(DEFAULT_IDLE_PREFERENCE);
    r.at(30 * 24 * 3600);
    r.d.check();
    expect(r.seen).toEqual(['paused']);
  });
});
