/**
 * What every lookup over the catalogue shares, whether over all of it (`catalogue.ts`) or over some
 * areas (a client that loads the rest later): the codes by name, and the message of a code that has
 * none.
 */

/** An area of the catalogue (or a union of areas): name → `{ code, message }`. */
export type ErrorDefinitions = Readonly<Record<string, { readonly code: number; readonly message: string }>>;

/** The codes of `definitions` by name, e.g. `codesOf(ACCOUNT_ERRORS).PASSWORD_CHANGED === 70`. */
export function codesOf<D extends ErrorDefinitions>(
  definitions: D,
): { readonly [K in keyof D]: D[K]['code'] } {
  return Object.fromEntries(Object.entries(definitions).map(([name, def]) => [name, def.code])) as {
    readonly [K in keyof D]: D[K]['code'];
  };
}

/** The §8 fallback for any code not in the catalogue; it shows the code. */
export function unknownErrorMessage(code: number): string {
  return `Unknown network error (code ${code}). Please try again later.`;
}
