import { errorEnvelopeSchema, okEnvelope } from '@netloom/domain';
import type { z } from 'zod';

/** `{ code: 0, data }`: every successful API response. */
export function ok<T>(data: T): { code: 0; data: T } {
  return { code: 0, data };
}

/**
 * Response schemas of a JSON route: 200 carries `data` in the success envelope; 4xx/5xx the error
 * envelope (documented in OpenAPI, and checked by the serializer like any response).
 */
export function responses<T extends z.ZodType>(data: T) {
  return {
    200: okEnvelope(data),
    '4xx': errorEnvelopeSchema,
    '5xx': errorEnvelopeSchema,
  };
}
