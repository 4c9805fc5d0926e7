import { LogController, type FastifyReply, type FastifyRequest } from 'fastify';

/**
 * Routine requests: the health check that monitors and load balancers poll, and the web app's
 * files (pages, scripts, styles, icons). Everything else under /api and /uploads is staff work
 * worth a line at info level.
 */
export function isRoutineRequest(request: FastifyRequest): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  const pathname = request.url.split('?', 1)[0] ?? '';
  if (pathname === '/api/health') return true;
  return !pathname.startsWith('/api/') && !pathname.startsWith('/uploads/');
}

/**
 * Fastify's request lines at info level, except for routine requests, which are logged at debug
 * (LOG_LEVEL=debug shows them) unless they failed.
 */
export class RequestLogController extends LogController {
  override incomingRequest(request: FastifyRequest, reply: FastifyReply, metadata?: Record<string, unknown>) {
    if (isRoutineRequest(request)) request.log.debug({ req: request }, 'incoming request');
    else super.incomingRequest(request, reply, metadata);
  }

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
    metadata?: Record<string, unknown>,
  ) {
    if (!error && reply.statusCode < 500 && isRoutineRequest(request)) {
      reply.log.debug({ res: reply, responseTime: reply.elapsedTime }, 'request completed');
    } else super.requestCompleted(error, request, reply, metadata);
  }
}
