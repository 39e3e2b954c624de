import type { IncomingMessage } from 'node:http';
import type { Plugin } from '@hapi/hapi';

// How long an answer waits for a body it will not use.
const DRAIN_MS = 10_000;

/** Reads and drops the rest of a request's body, at most `limit` bytes and `ms` long. */
function drain(req: IncomingMessage, limit: number, ms: number): Promise<void> {
  return new Promise((resolve) => {
    let read = 0;
    const done = () => {
      clearTimeout(timer);
      req.off('data', onData);
      req.off('end', done);
      req.off('error', done);
      req.off('close', done);
      resolve();
    };
    const onData = (chunk: Buffer) => {
      read += chunk.length;
      if (read > limit) {
        req.pause();
        done();
      }
    };
    const timer = setTimeout(done, ms);
    req.on('data', onData);
    req.once('end', done);
    req.once('error', done);
    req.once('close', done);
    req.resume();
  });
}

/**
 * An answer given before the body was read (401 at authentication, 403, 404) made hapi close the connection as
 * soon as it was written, and a client still sending its upload saw a network error instead of the answer. The body
 * is read and dropped first, up to the route's own size limit (what the route would have read anyway); a declared
 * length over it is not read and the connection closes as before.
 */
export const unreadBodyPlugin: Plugin<void> = {
  name: 'unreadBody',
  register(server) {
    server.ext('onPreResponse', async (request, h) => {
      const req = request.raw.req;
      if ((request as { isInjected?: boolean }).isInjected || req.readableEnded || req.destroyed) return h.continue;
      if (!req.headers['content-length'] && !req.headers['transfer-encoding']) return h.continue;
      const payload = request.route.settings.payload as { maxBytes?: number } | undefined;
      const limit = payload?.maxBytes ?? 1024 * 1024;
      if (Number(req.headers['content-length'] ?? 0) > limit) return h.continue;
      await drain(req, limit, DRAIN_MS);
      return h.continue;
    });
  },
};
