import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { storage } from '../browser/storage';
import { loginPath } from '../navigation/paths';
import { useCurrentProject } from './session';

/**
 * Ends the session on this browser: clears what §4 lists, drops every cached query and goes to
 * the login page. `reason` is a catalogue code (70, 401) the login page explains.
 */
export function useEndSession() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { clearProject } = useCurrentProject();
  return useCallback(
    (reason?: number) => {
      storage.clearOnLogout();
      clearProject();
      // Leave the console first so no mounted query refetches into a 401 after the cache clear.
      void Promise.resolve(navigate(loginPath(reason), { replace: true })).then(() => queryClient.clear());
    },
    [navigate, queryClient, clearProject],
  );
}
