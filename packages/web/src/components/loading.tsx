import { LOADING_STATES, LOADING_TEXT, type LoadingState } from '@netloom/domain';
import {
  createContext,
  lazy,
  type ReactNode,
  Suspense,
  useCallback,
  useContext,
  useMemo,
  useRef,
  useState,
} from 'react';

// Loaded on first use (and warmed by the console layout) to keep antd Spin off the login route.
const LoadingOverlay = lazy(() => import('./LoadingOverlay'));

/**
 * The full-screen loading overlay of §2: its text follows the loading state (saving, loading,
 * uploading, jumping) and it is hidden when the state is `end`. Several operations may overlap;
 * the overlay shows the most recent one and hides when the last one ends.
 */

interface LoadingApi {
  run<T>(state: LoadingState, fn: () => Promise<T>): Promise<T>;
}

const LoadingContext = createContext<LoadingApi | null>(null);

export function LoadingProvider({ children }: { children: ReactNode }) {
  const [active, setActive] = useState<{ id: number; state: LoadingState }[]>([]);
  const nextId = useRef(1);

  const run = useCallback(async <T,>(state: LoadingState, fn: () => Promise<T>): Promise<T> => {
    if (state === LOADING_STATES.END) return fn();
    const id = nextId.current++;
    setActive((a) => [...a, { id, state }]);
    try {
      return await fn();
    } finally {
      setActive((a) => a.filter((x) => x.id !== id));
    }
  }, []);

  const api = useMemo(() => ({ run }), [run]);
  const current = active.at(-1)?.state ?? LOADING_STATES.END;
  const text = LOADING_TEXT[current];

  return (
    <LoadingContext.Provider value={api}>
      {children}
      {text !== null ? (
        <Suspense fallback={null}>
          <LoadingOverlay text={text} />
        </Suspense>
      ) : null}
    </LoadingContext.Provider>
  );
}

export function useLoading(): LoadingApi {
  const ctx = useContext(LoadingContext);
  if (!ctx) throw new Error('useLoading must be used inside <LoadingProvider>');
  return ctx;
}
