import { type KeyboardEvent, useRef } from 'react';
import type { Channel } from './fields';

export interface ChannelTab<T extends string> {
  key: T;
  label: string;
}

const TABS: ChannelTab<Channel>[] = [
  { key: 'email', label: 'E-mail' },
  { key: 'mobile', label: 'Mobile' },
];

/**
 * The sign-in screen's tabs in the spec's order (§2 "Login screen"): the two channels, social sign-in,
 * the live demo and the app scan.
 */
export type LoginTab = Channel | 'social' | 'demo' | 'scan';
export const LOGIN_TABS: ChannelTab<LoginTab>[] = [
  ...TABS,
  { key: 'social', label: 'Social' },
  { key: 'demo', label: 'Demo' },
  { key: 'scan', label: 'App scan' },
];

/**
 * The E-mail / Mobile tabs of the sign-in screens. A small WAI-ARIA tablist (arrow keys move
 * between tabs) instead of antd Tabs, which would add ~20 KB gzipped to the login route budget.
 */
export function ChannelTabs<T extends string = Channel>({
  value,
  onChange,
  idPrefix,
  tabs = TABS as unknown as ChannelTab<T>[],
}: {
  value: T;
  onChange(channel: T): void;
  idPrefix: string;
  /** Default: E-mail and Mobile; the sign-in screen adds Demo ({@link LOGIN_TABS}). */
  tabs?: ChannelTab<T>[];
}) {
  const refs = useRef<(HTMLButtonElement | null)[]>([]);
  const handleKey = (e: KeyboardEvent, index: number) => {
    const delta = e.key === 'ArrowRight' ? 1 : e.key === 'ArrowLeft' ? -1 : 0;
    if (!delta) return;
    e.preventDefault();
    const next = (index + delta + tabs.length) % tabs.length;
    const tab = tabs[next];
    if (!tab) return;
    onChange(tab.key);
    refs.current[next]?.focus();
  };
  return (
    <div className="nl-tabs" role="tablist" aria-label="Sign-in method">
      {tabs.map((t, i) => (
        <button
          key={t.key}
          ref={(el) => {
            refs.current[i] = el;
          }}
          type="button"
          role="tab"
          id={`${idPrefix}-tab-${t.key}`}
          aria-selected={value === t.key}
          aria-controls={`${idPrefix}-panel`}
          tabIndex={value === t.key ? 0 : -1}
          className={value === t.key ? 'nl-tab nl-tab-active' : 'nl-tab'}
          onClick={() => onChange(t.key)}
          onKeyDown={(e) => handleKey(e, i)}
        >
          {t.label}
        </button>
      ))}
    </div>
  );
}
