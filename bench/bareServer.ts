// The reference point: a bare hapi route that answers a small JSON object, no database.
import Hapi from '@hapi/hapi';

const server = Hapi.server({ port: Number(process.env.PORT ?? 3999), host: '127.0.0.1' });
server.route({ method: 'GET', path: '/bare', handler: () => ({ data: { ok: true }, meta: {} }) });
await server.start();
