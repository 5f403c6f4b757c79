import { PauseCircleOutlined } from '@ant-design/icons';
import { IDLE_PREFERENCE_KEY, type IdleState, idlePreferenceOf } from '@netloom/domain';
import { focusManager } from '@tanstack/react-query';
import { Button } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { pauseLive, resumeLive } from '../../api/live';
import { storage } from '../../browser/storage';
import { PAGES } from '../../navigation/paths';
import { usePreference } from '../../session/preferences';
import { authApi } from '../auth';
import { IdleDetector } from './idleDetector';
import { flushEvents, trackEvent } from './tracker';
import './analytics.css';

/**
 * Idle detection (§4, issue 15 §3): after the account's idle time (preference `idle`, default 10
 * minutes) the console pauses its live updates — the live WebSocket closes and polling stops (React
 * Query's focus is set to "away") — and shows a discreet banner; any activity resumes (the live
 * channel resubscribes and refetches what it missed). After the optional longer idle time it signs
 * out. The analytics queue is flushed when the pause starts.
 */
export function IdleWatcher() {
  const pref = usePreference(IDLE_PREFERENCE_KEY, idlePreferenceOf);
  const [state, setState] = useState<IdleState>('active');
  const detector = useRef<IdleDetector | null>(null);

  useEffect(() => {
    const d = new IdleDetector(pref.value, (next, idleMs) => {
      if (next === 'paused') trackEvent('idle_pause', { idleSeconds: Math.round(idleMs / 1000) });
      if (next === 'active') trackEvent('idle_resume', { awaySeconds: Math.round(idleMs / 1000) });
      setState(next);
    });
    detector.current = d;
    // A new detector (the preference changed) starts from "active": so does the console.
    setState('active');
    d.start();
    return () => d.stop();
  }, [pref.value]);

  useEffect(() => {
    if (state === 'paused') {
      pauseLive();
      focusManager.setFocused(false);
      flushEvents();
    } else if (state === 'active') {
      resumeLive();
      focusManager.setFocused(undefined);
    } else {
      // As the account menu's "Log out": a full page load drops the paused socket and every query.
      void authApi
        .logout()
        .catch(() => undefined)
        .finally(() => {
          storage.clearOnLogout();
          window.location.replace(PAGES.login);
        });
    }
  }, [state]);

  // Leaving the console frame (a full-screen page) while paused: nothing stays paused.
  useEffect(
    () => () => {
      resumeLive();
      focusManager.setFocused(undefined);
    },
    [],
  );

  if (state !== 'paused') return null;
  return (
    <output className="nl-idle-banner" aria-live="polite">
      <PauseCircleOutlined aria-hidden />
      <span>Paused while you were away</span>
      <Button type="link" size="small" onClick={() => detector.current?.activity()}>
        Resume
      </Button>
    </output>
  );
}
