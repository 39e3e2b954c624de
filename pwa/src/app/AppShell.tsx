declare global {
  interface Window {
    /** The park's or item's picture pwa/index.html drew into its first paint, and the path it drew it for. */
    zoopassFirstPicture?: { path: string; image: string };
  }
}

/**
 * The header, and the page's picture when pwa/index.html drew one: what index.html paints before the app's code has
 * loaded, drawn the same way (AppShell.test.tsx compares them), and what stays on screen until the first page is ready
 * (the router's hydrate fallback), so the screen never goes blank or jumps in between.
 */
export function AppShell() {
  const picture = window.zoopassFirstPicture;
  const page = window.location.pathname.startsWith('/items/') ? 'item-page' : 'park-profile';
  return (
    <div className="layout layout--default" aria-busy="true">
      <header className="site-header">
        <div className="site-header__bar">
          <span className="brand">
            <img src="/icons/icon.svg" alt="" width="36" height="36" />
            <span className="brand__name">ZooPass</span>
          </span>
        </div>
        {/* The row of things to find (layouts/Header.tsx): its height, without its text. */}
        <nav className="site-nav" aria-hidden="true">
          <span className="site-nav__wide" />
          <span />
          <span />
          <span />
          <span />
          <span className="site-nav__wide" />
        </nav>
      </header>
      {picture?.path === window.location.pathname && (
        <main className="page">
          <article className={page}>
            <header className="park-hero">
              <img src={picture.image} alt="" width="1280" height="720" />
            </header>
          </article>
        </main>
      )}
    </div>
  );
}
