// /staff/office/:parkId/passes/photos: the review queue of holders' face photos (README of server/features/passes,
// 2.5). Editors and owners see each pending photo large, with the holder's name and pass number (and the approved
// photo it would replace), and approve it or reject it with a reason the holder receives.
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import type { PhotoReviewItem } from '../../../../common/dto/pass';
import { formatDateTime } from '../../lib/format';
import { useLocale } from '../../lib/useLocale';
import { errorMessage, useOfficeOverviewQuery } from './backOfficeApi';
import { usePendingPassPhotosQuery, useReviewPassPhotoMutation } from './passPhotoReviewApi';
import './backOffice.css';
import './passPhotoReview.css';

/** The server's photo URLs are API paths (`/api/v1/...`). */
const src = (url: string) => url;

function ReviewCard({
  parkId,
  photo,
  onDone,
}: {
  parkId: number;
  photo: PhotoReviewItem;
  onDone: (m: string) => void;
}) {
  const { t } = useTranslation();
  const locale = useLocale();
  const reasonId = useId();
  const [reason, setReason] = useState('');
  const [missing, setMissing] = useState(false);
  const [review, reviewing] = useReviewPassPhotoMutation();
  const decide = async (decision: 'approve' | 'reject') => {
    if (decision === 'reject' && !reason.trim()) {
      setMissing(true);
      return;
    }
    await review({ parkId, photoId: photo.photoId, decision, ...(decision === 'reject' ? { reason } : {}) }).unwrap();
    onDone(t(decision === 'approve' ? 'passPhotoReview.approved' : 'passPhotoReview.rejected', { name: photo.name }));
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    void decide('reject').catch(() => {});
  };
  return (
    <li className="photo-review__item" data-testid="photo-review-item" data-photo-id={photo.photoId}>
      <img
        className="photo-review__photo"
        src={src(photo.url)}
        alt={t('passPhotoReview.photoAlt', { name: photo.name })}
        width="240"
        height="320"
      />
      <div className="stack">
        <p className="photo-review__name" data-testid="photo-review-name">
          {photo.name}
        </p>
        <dl className="photo-review__facts">
          <dt>{t('passPhotoReview.passNumber')}</dt>
          <dd className="wallet-ticket-number">{photo.passNumber}</dd>
          <dt>{t('passPhotoReview.uploadedAt')}</dt>
          <dd>{formatDateTime(photo.uploadedAt, locale)}</dd>
        </dl>
        {photo.previousApprovedUrl && (
          <figure className="photo-review__previous">
            <img
              src={src(photo.previousApprovedUrl)}
              alt={t('passPhotoReview.previousAlt', { name: photo.name })}
              width="72"
              height="96"
            />
            <figcaption className="muted">{t('passPhotoReview.previous')}</figcaption>
          </figure>
        )}
        <button
          type="button"
          className="button primary"
          disabled={reviewing.isLoading}
          onClick={() => void decide('approve').catch(() => {})}
          data-testid="photo-approve"
        >
          {t('passPhotoReview.approve')}
        </button>
        <form className="stack" onSubmit={submit} noValidate>
          <label className="field" htmlFor={reasonId}>
            <span>{t('passPhotoReview.reason')}</span>
            <textarea
              id={reasonId}
              rows={2}
              maxLength={200}
              value={reason}
              aria-invalid={missing}
              aria-describedby={missing ? `${reasonId}-error` : undefined}
              onChange={(e) => {
                setReason(e.target.value);
                setMissing(false);
              }}
              data-testid="photo-reject-reason"
            />
          </label>
          {missing && (
            <p className="field-error" id={`${reasonId}-error`} role="alert">
              {t('passPhotoReview.reasonRequired')}
            </p>
          )}
          <button type="submit" className="button" disabled={reviewing.isLoading} data-testid="photo-reject">
            {t('passPhotoReview.reject')}
          </button>
        </form>
        {reviewing.error ? (
          <p className="notice" role="alert">
            {errorMessage(reviewing.error) ?? t('passPhotoReview.failed')}
          </p>
        ) : null}
      </div>
    </li>
  );
}

export function PassPhotoReviewPage() {
  const { t } = useTranslation();
  const parkId = Number(useParams().parkId);
  const { data: overview } = useOfficeOverviewQuery();
  const roles = overview?.parks.find((p) => p.parkId === parkId)?.roles ?? [];
  const canReview = roles.includes('owner') || roles.includes('editor');
  const { data: photos, error } = usePendingPassPhotosQuery(parkId, { skip: !canReview });
  const [notice, setNotice] = useState<string | null>(null);
  return (
    <div className="stack office" data-testid="office-pass-photos">
      <nav className="office-crumbs" aria-label={t('backOffice.title')}>
        <Link to="/staff/office">{t('backOffice.title')}</Link>
        {' › '}
        <Link to={`/staff/office/${parkId}/passes`}>{t('passOffice.link')}</Link>
      </nav>
      <h1 className="page-title">{t('passPhotoReview.title')}</h1>
      <p className="muted">{t('passPhotoReview.lead')}</p>
      {overview && !canReview && <p className="notice">{t('passPhotoReview.readOnly')}</p>}
      {error ? (
        <p className="notice" role="alert">
          {errorMessage(error) ?? t('passPhotoReview.failed')}
        </p>
      ) : null}
      {notice && (
        <p className="notice" role="status" data-testid="photo-review-notice">
          {notice}
        </p>
      )}
      {photos && photos.length === 0 && <p data-testid="photo-review-empty">{t('passPhotoReview.empty')}</p>}
      {photos && photos.length > 0 && (
        <>
          <p>{t('passPhotoReview.count', { count: photos.length })}</p>
          <ul className="photo-review">
            {photos.map((p) => (
              <ReviewCard key={p.photoId} parkId={parkId} photo={p} onDone={setNotice} />
            ))}
          </ul>
        </>
      )}
    </div>
  );
}
