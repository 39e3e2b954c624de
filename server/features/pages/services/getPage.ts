import type { Knex } from 'knex';
import type { ContentPage } from '../../../../common/dto/page';
import type { Locale } from '../../../../common/enums';
import { notFound } from '../../../lib/errors';
import { localize } from '../../../lib/localize';

/** A content page by slug, in the request's language (English falls back to Japanese). */
export async function getPage(knex: Knex | Knex.Transaction, slug: string, locale: Locale): Promise<ContentPage> {
  const row = (await knex('pages')
    .where({ slug })
    .first('slug', 'title_ja', 'title_en', 'body_ja', 'body_en', 'updated_at')) as
    | {
        slug: string;
        titleJa: string;
        titleEn: string | null;
        bodyJa: string;
        bodyEn: string | null;
        updatedAt: Date | string;
      }
    | undefined;
  if (!row) throw notFound();
  return {
    slug: row.slug,
    title: localize(row, 'title', locale),
    body: localize(row, 'body', locale),
    updatedAt: new Date(row.updatedAt).toISOString(),
  };
}
