import type { FastifyRequest } from 'fastify';

const LOOPBACK = ['127.0.0.1', '::1', '::ffff:127.0.0.1'];

/**
 * Whether the request's socket peer is this machine — the socket's, not `request.ip`, which a proxy
 * header may set. For the internal routes (metrics, the test clock) that answer loopback callers only.
 */
export function fromLoopback(request: FastifyRequest): boolean {
  return LOOPBACK.includes(request.raw.socket.remoteAddress ?? '');
}
