import http from 'node:http';
import type { Socket } from 'node:net';
import { ERR } from '@netloom/domain';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { envelope } from './errors';

/**
 * Errors raised before a request reaches a route, answered in the numeric-code envelope like every
 * other error: a URL Fastify cannot decode (FST_ERR_BAD_URL, e.g. `/api/%`), and what Node's HTTP
 * parser refuses on the socket — headers too large (431), a request too slow (408), a malformed
 * request (400).
 */
export function frameworkErrors(_error: Error, _request: FastifyRequest, reply: FastifyReply): void {
  void reply.status(400).send(envelope(ERR.INVALID_PARAMETERS));
}

export function clientErrorHandler(err: NodeJS.ErrnoException, socket: Socket): void {
  if (err.code === 'ECONNRESET' || socket.destroyed) return;
  const status =
    err.code === 'HPE_HEADER_OVERFLOW' ? 431 : err.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? 408 : 400;
  const body = JSON.stringify(envelope(ERR.INVALID_PARAMETERS));
  if (socket.writable)
    socket.write(
      `HTTP/1.1 ${status} ${http.STATUS_CODES[status]}\r\nContent-Length: ${Buffer.byteLength(body)}\r\nContent-Type: application/json; charset=utf-8\r\nConnection: close\r\n\r\n${body}`,
    );
  socket.destroy(err);
}
