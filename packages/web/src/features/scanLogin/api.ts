import { scanLoginEndpoints as E, type ScanTicketState } from '@netloom/domain';
import { call } from '../../api/client';

/** Scan-to-login calls: the desktop's ticket (create, follow, redeem) and the phone's answer. */
export const scanLoginApi = {
  create: (signal?: AbortSignal) => call(E.create, {}, { signal }),
  /** Answers once the state differs from `known` (a long poll), or at once without it. */
  status: (ticket: string, known: ScanTicketState, signal?: AbortSignal) =>
    call(E.status, { params: { ticket }, query: { known } }, { signal }),
  redeem: (ticket: string, signal?: AbortSignal) => call(E.redeem, { params: { ticket } }, { signal }),
  open: (ticket: string) => call(E.open, { params: { ticket } }),
  confirm: (ticket: string) => call(E.confirm, { params: { ticket } }),
  refuse: (ticket: string) => call(E.refuse, { params: { ticket } }),
};
