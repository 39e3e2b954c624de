import { useEffect } from 'react';
import { ErrorPage } from '../lib/components/ErrorPage';

/** The app's error page: a fatal application error (a failed navigation, a page that threw while rendering) is logged
 *  and the spec's error page shown (app/router.tsx). */
export function FatalErrorPage({ error }: { error?: unknown }) {
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
