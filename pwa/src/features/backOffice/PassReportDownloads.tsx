// The reports page's annual pass downloads (README of server/features/passes, 2.15): renewals and visits over a range
// of days as CSV (plain links, like the daily report's).
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { addDays, tokyoDate } from '../../../../common/time';
import { useLocale } from '../../lib/useLocale';
import { passReportUrl } from './passHolderApi';

/** The reports page's pass downloads: renewals and visits over a range of days (owners and finance). */
export function PassReportDownloads({ parkId }: { parkId: number }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const today = tokyoDate();
  const [from, setFrom] = useState(addDays(today, -30));
  const [to, setTo] = useState(today);
  const valid = /^\d{4}-\d{2}-\d{2}$/.test(from) && /^\d{4}-\d{2}-\d{2}$/.test(to) && from <= to;
  return (
    <section className="panel stack" aria-labelledby="pass-reports" data-testid="pass-reports">
      <h2 id="pass-reports">{t('passHolders.reports.title')}</h2>
      <p className="muted">{t('passHolders.reports.lead')}</p>
      <div className="office-schedule">
        <div className="field">
          <label htmlFor="pass-report-from">{t('passHolders.reports.from')}</label>
          <input
            id="pass-report-from"
            type="date"
            className="input"
            value={from}
            onChange={(e) => setFrom(e.target.value)}
          />
        </div>
        <div className="field">
          <label htmlFor="pass-report-to">{t('passHolders.reports.to')}</label>
          <input id="pass-report-to" type="date" className="input" value={to} onChange={(e) => setTo(e.target.value)} />
        </div>
      </div>
      <div className="office-actions">
        {(['pass-renewals', 'pass-visits'] as const).map((report) => (
          <a
            key={report}
            className="button"
            href={valid ? passReportUrl(parkId, report, from, to, locale) : undefined}
            aria-disabled={!valid || undefined}
            download
            data-testid={`${report}-csv`}
          >
            {report === 'pass-renewals' ? t('passHolders.reports.renewals') : t('passHolders.reports.visits')}
          </a>
        ))}
      </div>
    </section>
  );
}
