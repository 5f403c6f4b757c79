import { catalogue, ERR, errorMessage, metaEndpoints, unknownErrorMessage } from '@netloom/domain';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, call } from './client';
import { BASE_ERR, baseErrorMessage, loadErrorMessage } from './errorMessages';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the catalogue messages the client shows', () => {
  it('has the base areas at hand, each code with its catalogue message', () => {
    for (const code of Object.values(BASE_ERR)) expect(baseErrorMessage(code)).toBe(errorMessage(code));
  });

  it('leaves the other areas to the full catalogue, loaded when a code needs it', async () => {
    expect(baseErrorMessage(ERR.UNKNOWN_TIME_ZONE)).toBeNull();
    for (const { code, message } of catalogue()) expect(await loadErrorMessage(code)).toBe(message);
    expect(await loadErrorMessage(999_999)).toBe(unknownErrorMessage(999_999));
  });

  it("gives an error from the server its code's catalogue message, whatever the area", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify({ code: ERR.UNKNOWN_TIME_ZONE, message: 'x' }))),
    );
    await expect(call(metaEndpoints.version, {})).rejects.toMatchObject({
      code: ERR.UNKNOWN_TIME_ZONE,
      message: errorMessage(ERR.UNKNOWN_TIME_ZONE),
    });
  });

  it('words an error the client raises itself from the base areas', () => {
    expect(new ApiError(ERR.SERVER_ERROR).message).toBe(errorMessage(ERR.SERVER_ERROR));
  });
});
