import {
  ERR,
  type LoginResponse,
  SCAN_FINAL_STATES,
  type ScanTicketCreated,
  type ScanTicketState,
  type ScanViewState,
  scanViewState,
} from '@netloom/domain';
import { useCallback, useEffect, useRef, useState } from 'react';
import { ApiError } from '../../api/client';
import { scanLoginApi } from './api';

export interface ScanTicketView {
  /** `loading` until the first code is drawn. */
  view: ScanViewState | 'loading';
  created: ScanTicketCreated | null;
}

const isAbort = (e: unknown) => e instanceof DOMException && e.name === 'AbortError';

/** What a refusal of the server means on the desktop: the code is over (expired, refused) or the network failed. */
function viewOfError(e: unknown): ScanViewState {
  if (!(e instanceof ApiError)) return 'networkError';
  if (e.code === ERR.SCAN_LOGIN_REFUSED) return 'refused';
  if (e.code === ERR.AUTH_CODE_EXPIRED || e.code === ERR.AUTH_CODE_USED || e.code === ERR.AUTH_CODE_INCORRECT)
    return 'expired';
  return 'networkError';
}

/**
 * The desktop's side of a scan-to-login ticket (§4): asks for a code, follows it by long poll
 * (waiting → scanned → logging in), signs in once the phone confirms, and ends as expired (its own
 * clock says so at the ticket's lifetime, no request needed), refused or network error. `refresh`
 * starts over with a new code.
 */
export function useScanTicket(onSignedIn: (res: LoginResponse) => Promise<void>) {
  const [state, setState] = useState<ScanTicketView>({ view: 'loading', created: null });
  const [generation, setGeneration] = useState(0);
  const signedIn = useRef(onSignedIn);
  signedIn.current = onSignedIn;

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new generation is a new ticket
  useEffect(() => {
    const stop = new AbortController();
    let expiry: ReturnType<typeof setTimeout> | undefined;
    const show = (view: ScanViewState) => setState((s) => ({ ...s, view }));
    const finish = (view: ScanViewState) => {
      clearTimeout(expiry);
      stop.abort();
      show(view);
    };

    const follow = async () => {
      const created = await scanLoginApi.create(stop.signal);
      setState({ view: 'waiting', created });
      // The lifetime counts on this browser's clock from now (no skew with the server's).
      expiry = setTimeout(() => finish('expired'), created.lifetimeSeconds * 1000);
      let known: ScanTicketState = 'waiting';
      for (;;) {
        const status = await scanLoginApi.status(created.ticket, known, stop.signal);
        known = status.state;
        if (status.state === 'confirmed') {
          clearTimeout(expiry);
          show('loggingIn');
          const res = await scanLoginApi.redeem(created.ticket, stop.signal);
          await signedIn.current(res);
          return;
        }
        // Used by another tab of this browser: this code is spent here.
        if (status.state === 'used') return finish('expired');
        if (SCAN_FINAL_STATES.includes(status.state)) return finish(scanViewState(status.state));
        show(scanViewState(status.state));
      }
    };
    follow().catch((e: unknown) => {
      if (!isAbort(e) && !stop.signal.aborted) finish(viewOfError(e));
    });
    return () => {
      clearTimeout(expiry);
      stop.abort();
    };
  }, [generation]);

  const refresh = useCallback(() => {
    setState({ view: 'loading', created: null });
    setGeneration((g) => g + 1);
  }, []);

  return { ...state, refresh };
}
