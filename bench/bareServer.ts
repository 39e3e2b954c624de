// The reference point: a bare hapi route that answers a small JSON object, no database. With BARE_BODY_FILE, a
// second route (/bare-body) answers that file's bytes as JSON: the same answer as a catalogue read, without the app.
import { readFileSync } from 'node:fs';
import Hapi from '@hapi/hapi';

const server = Hapi.server({ port: Number(process.env.PORT ?? 3999), host: '127.0.0.1' });
server.route({ method: 'GET', path: '/bare', handler: () => ({ data: { ok: true }, meta: {} }) });
const bodyFile = process.env.BARE_BODY_FILE;
if (bodyFile) {
  const body = readFileSync(bodyFile);
  server.route({ method: 'GET', path: '/bare-body', handler: (_r, h) => h.response(body).type('application/json') });
}
await server.start();
