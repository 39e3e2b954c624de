import { useEffect } from 'react';
import { useRouteError } from 'react-router';
import { ErrorPage } from '../lib/components/ErrorPage';

/** Root error boundary: a fatal application error is logged and the spec's error page shown. */
export function FatalErrorPage() {
  const error = useRouteError();
  useEffect(() => {
    console.error('fatal application error', error);
  }, [error]);
  return (
    <div className="layout layout--empty">
      <main id="main">
        <ErrorPage />
      </main>
    </div>
  );
}
