// What a back-office form says after a save: the server's refusal (localised, naming the field), or that it is done.
import { useTranslation } from 'react-i18next';
import { errorMessage } from './backOfficeApi';

export function SaveOutcome({
  result,
  done,
}: {
  result: { error?: unknown; isSuccess: boolean; isLoading: boolean };
  /** What the form says once saved. */
  done: string;
}) {
  const { t } = useTranslation();
  if (result.error) {
    return (
      <p className="notice" role="alert">
        {errorMessage(result.error) ?? t('backOffice.failed')}
      </p>
    );
  }
  if (!result.isSuccess || result.isLoading) return null;
  return (
    <p role="status" className="office-done">
      {done}
    </p>
  );
}
