import { ACCOUNT_ERRORS, COMMON_ERRORS, codesOf, unknownErrorMessage } from '@netloom/domain';
import { useEffect, useState } from 'react';

/**
 * The catalogue's messages as the client reaches them. The base areas — common outcomes, which the
 * client also answers with itself (network, server error, demo), and accounts and sessions, which the
 * sign-in screens meet — are at hand at once; every other area's message comes from the full
 * catalogue, loaded with the first code outside them. The login route thus carries two areas of the
 * catalogue, not all of it (issue 2 budget: ≤ 300 KB gzipped JS + CSS). Every message is still the
 * domain's.
 */
const BASE_ERRORS = { ...COMMON_ERRORS, ...ACCOUNT_ERRORS } as const;

/** `ERR` of the base areas: the codes the client and the sign-in screens name. */
export const BASE_ERR = codesOf(BASE_ERRORS);
/** A code of the base areas, whose message needs no loading. */
export type BaseErrorCode = (typeof BASE_ERR)[keyof typeof BASE_ERR];

const BASE_MESSAGES: ReadonlyMap<number, string> = new Map(
  Object.values(BASE_ERRORS).map((def) => [def.code, def.message]),
);

/** The message of a code of the base areas, or null for any other code (`loadErrorMessage`). */
export function baseErrorMessage(code: number): string | null {
  return BASE_MESSAGES.get(code) ?? null;
}

/**
 * The catalogue message of any code: from the base areas, or from the full catalogue (loaded once,
 * then at hand). Should the catalogue not load (the network went away), the §8 fallback that shows
 * the code.
 */
export async function loadErrorMessage(code: number): Promise<string> {
  const base = baseErrorMessage(code);
  if (base !== null) return base;
  try {
    const { errorMessage } = await import('./errorCatalogue');
    return errorMessage(code);
  } catch {
    return unknownErrorMessage(code);
  }
}

/**
 * A code's message for a page: at once for the base areas, otherwise once the catalogue is loaded
 * (null until then, and for no code).
 */
export function useErrorMessage(code: number | null): string | null {
  const base = code === null ? null : baseErrorMessage(code);
  const [loaded, setLoaded] = useState<{ code: number; message: string } | null>(null);
  useEffect(() => {
    if (code === null || base !== null) return;
    let current = true;
    void loadErrorMessage(code).then((message) => {
      if (current) setLoaded({ code, message });
    });
    return () => {
      current = false;
    };
  }, [code, base]);
  if (code === null) return null;
  return base ?? (loaded?.code === code ? loaded.message : null);
}
