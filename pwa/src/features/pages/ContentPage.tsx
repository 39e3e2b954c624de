import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import type { ContentPage as ContentPageDto } from '../../../../common/dto/page';
import { PAGE_SLUG_PATTERN, ROUTE_PAGES } from '../../../../common/dto/page';
import { ErrorPage } from '../../lib/components/ErrorPage';
import { QueryState } from '../../lib/components/QueryState';
import { type Block, parseBody } from './body';
import { useGetContentPageQuery } from './pagesApi';

/** External pages of the spec: inquiry, FAQ and company profile. */
export const SUPPORT_LINKS = {
  inquiry: 'https://support.zoopass.jp/contact',
  faq: 'https://support.zoopass.jp/faq',
  company: 'https://corp.zoopass.jp/',
} as const;

function External({ href, label }: { href: string; label: string }) {
  const { t } = useTranslation();
  return (
    <a href={href} target="_blank" rel="noreferrer" className="external-link">
      {label}
      <span className="visually-hidden">{t('catalogue.pages.newTab')}</span>
    </a>
  );
}

function BlockView({ block }: { block: Block }) {
  const content = block.ordered ? (
    <ol>
      {block.lines.map((l) => (
        <li key={l}>{l}</li>
      ))}
    </ol>
  ) : (
    block.lines.map((l) => <p key={l}>{l}</p>)
  );
  if (!block.heading) return <div className="content-page__block">{content}</div>;
  return (
    <section className="content-page__block">
      <h2 className="content-page__heading">{block.heading}</h2>
      {content}
    </section>
  );
}

function Body({ text }: { text: string }) {
  return (
    <div className="content-page__body">
      {parseBody(text).map((block, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: static text split; blocks never move
        <BlockView key={i} block={block} />
      ))}
    </div>
  );
}

function Page({ page }: { page: ContentPageDto }) {
  const { t, i18n } = useTranslation();
  const updated = new Intl.DateTimeFormat(i18n.language === 'en' ? 'en-GB' : 'ja-JP', {
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    timeZone: 'Asia/Tokyo',
  }).format(new Date(page.updatedAt));
  return (
    <article className="content-page stack" data-testid="content-page">
      <header>
        <h1 className="page-title">{page.title}</h1>
        <p className="muted">{t('catalogue.pages.updatedAt', { date: updated })}</p>
      </header>
      <div className="panel">
        <Body text={page.body} />
        {page.slug === 'corporations' && (
          <p>
            <a className="button button--primary" href={SUPPORT_LINKS.inquiry} target="_blank" rel="noreferrer">
              {t('catalogue.pages.corporationsCta')}
              <span className="visually-hidden">{t('catalogue.pages.newTab')}</span>
            </a>
          </p>
        )}
      </div>
      <aside className="panel" aria-labelledby="support-links">
        <h2 id="support-links">{t('catalogue.pages.support')}</h2>
        <ul className="link-list" data-testid="support-links">
          <li>
            <External href={SUPPORT_LINKS.inquiry} label={t('catalogue.pages.inquiry')} />
          </li>
          <li>
            <External href={SUPPORT_LINKS.faq} label={t('catalogue.pages.faq')} />
          </li>
          <li>
            <External href={SUPPORT_LINKS.company} label={t('catalogue.pages.company')} />
          </li>
        </ul>
        <h2 className="content-page__subhead">{t('catalogue.pages.related')}</h2>
        <ul className="link-list">
          {page.slug !== 'about' && (
            <li>
              <Link to="/about-us">{t('catalogue.pages.aboutUs')}</Link>
            </li>
          )}
          {page.slug !== 'user-guide' && (
            <li>
              <Link to="/user-guide">{t('catalogue.pages.userGuide')}</Link>
            </li>
          )}
          {page.slug !== 'corporations' && (
            <li>
              <Link to="/corporations">{t('catalogue.pages.corporations')}</Link>
            </li>
          )}
        </ul>
      </aside>
    </article>
  );
}

function SlugPage({ slug }: { slug: string }) {
  const valid = PAGE_SLUG_PATTERN.test(slug);
  const { data, isLoading, error } = useGetContentPageQuery(slug, { skip: !valid });
  if (!valid) return <ErrorPage status={404} />;
  return (
    <QueryState isLoading={isLoading} error={error}>
      {() => data && <Page page={data.data} />}
    </QueryState>
  );
}

/** /page/:slug: a page kept in the database. */
export default function ContentPage() {
  const { slug = '' } = useParams();
  return <SlugPage key={slug} slug={slug} />;
}

/** /about-us: the "about" page. */
export function AboutUsPage() {
  return <SlugPage slug={ROUTE_PAGES['about-us']} />;
}

export function CorporationsPage() {
  return <SlugPage slug={ROUTE_PAGES.corporations} />;
}

export function UserGuidePage() {
  return <SlugPage slug={ROUTE_PAGES['user-guide']} />;
}
