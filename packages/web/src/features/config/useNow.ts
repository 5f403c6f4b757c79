import { useEffect, useState } from 'react';

/** The current time, refreshed every `intervalMs` while `active`, so ages ("Pending · 3 min") tick live. */
export function useNow(intervalMs = 15_000, active = true): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!active) return;
    setNow(Date.now());
    const t = setInterval(() => setNow(Date.now()), intervalMs);
    return () => clearInterval(t);
  }, [intervalMs, active]);
  return now;
}
