import type { ServerRoute } from '@hapi/hapi';
import Joi from 'joi';
import { PAGE_SLUG_PATTERN } from '../../../common/dto/page';
import { cachedJson } from '../../lib/readCache';
import { answers, NOT_MODIFIED } from '../../lib/routeKit';
import { fields, route } from '../../lib/typedInput';
import { PAGE_ANSWER } from './responses';
import { getPage } from './services/getPage';

const MAX_AGE = 300;

export const pageRoutes: ServerRoute[] = [
  route({
    method: 'GET',
    path: '/api/v1/pages/{slug}',
    options: {
      response: PAGE_ANSWER,
      plugins: answers({ ...NOT_MODIFIED }),
      tags: ['api', 'pages'],
      description: 'A content page (about, corporations, user-guide, terms, privacy, commercial-law, faq, ...)',
      auth: false,
      validate: { params: fields({ slug: Joi.string().pattern(PAGE_SLUG_PATTERN) }) },
    },
    handler(request, h) {
      const { slug } = request.params;
      return cachedJson(request, h, request.server.app.readCache, MAX_AGE, async () => ({
        data: await getPage(request.server.app.knex, slug, request.app.locale),
        meta: {},
      }));
    },
  }),
];
