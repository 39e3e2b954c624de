/**
 * The header bar alone: what pwa/index.html paints before the app's code has loaded, and what stays on screen
 * until the first page is ready (the router's hydrate fallback), so the screen never goes blank in between.
 */
export function AppShell() {
  return (
    <div className="layout layout--default" aria-busy="true">
      <header className="site-header">
        <div className="site-header__bar">
          <span className="brand">
            <img src="/icons/icon.svg" alt="" width="36" height="36" />
            <span className="brand__name">ZooPass</span>
          </span>
        </div>
      </header>
    </div>
  );
}
