import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PackCard } from './PackCard';
import { searchFromQuery } from './searchParams';
import { TicketSearchForm } from './TicketSearchForm';
import { useListTicketPacksQuery } from './ticketsApi';

/** /find/tickets: the search form (prefilled from the query, e.g. from a result tab), and ticket packs to browse. */
export default function FindTicketsPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const initial = params.size > 0 ? searchFromQuery(params) : undefined;
  const packs = useListTicketPacksQuery({ per_page: 6 });
  return (
    <div className="stack">
      <h1 className="page-title">{t('tickets.findTitle')}</h1>
      <p className="muted">{t('tickets.findLead')}</p>
      <section className="panel">
        <TicketSearchForm key={params.toString()} initial={initial} />
      </section>
      {packs.data && packs.data.data.length > 0 && (
        <section aria-labelledby="ticket-packs" className="stack">
          <div>
            <h2 id="ticket-packs" className="section-title">
              {t('tickets.packs.title')}
            </h2>
            <p className="muted">{t('tickets.packs.lead')}</p>
          </div>
          <div className="card-grid">
            {packs.data.data.map((p) => (
              <PackCard key={p.id} pack={p} />
            ))}
          </div>
        </section>
      )}
    </div>
  );
}
