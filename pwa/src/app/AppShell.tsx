declare global {
  interface Window {
    /** The first screen pwa/index.html drew into its first paint: for which path and page, with which pictures and
     *  (on the home) words. */
    zoopassFirstScreen?: FirstScreen;
  }
}

export interface FirstScreen {
  path: string;
  page: 'home' | 'park' | 'item';
  /** The page's picture, or the home's first tickets on sale. */
  tiles: { id?: number; image: string }[];
  words?: { heroTitle: string; heroLead: string; searchParks: string; onSaleTitle: string; seeAll: string };
}

const BLANK = '\u00a0';

/** The home's welcome and first row of tickets on sale, their words left blank (features/home/HomePage.tsx). */
function HomeFirstScreen({ tiles, words }: { tiles: FirstScreen['tiles']; words: NonNullable<FirstScreen['words']> }) {
  return (
    <div className="stack stack--lg">
      <section className="hero">
        <div className="hero__text">
          <h1>{words.heroTitle}</h1>
          <p>{words.heroLead}</p>
          <a className="button button--primary" href="/find/parks">
            {words.searchParks}
          </a>
        </div>
        <img src="/icons/icon.svg" alt="" className="hero__art" width="160" height="160" />
      </section>
      <section aria-labelledby="home-on-sale">
        <div className="section-head">
          <h2 id="home-on-sale" className="section-title">
            {words.onSaleTitle}
          </h2>
          <a href="/find/tickets/result?tab=available">{words.seeAll}</a>
        </div>
        <ul className="park-tiles">
          {tiles.map((tile, i) => (
            <li key={tile.image}>
              <a className="park-tile" href={`/items/${tile.id}`}>
                <img
                  src={tile.image}
                  alt=""
                  width="320"
                  height="180"
                  loading={i < 2 ? 'eager' : 'lazy'}
                  fetchPriority={i === 0 ? 'high' : undefined}
                />
                <span className="park-tile__kind">{BLANK}</span>
                <span className="park-tile__name">{BLANK}</span>
                <span className="park-tile__place">{BLANK}</span>
              </a>
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}

/**
 * The header, and the page's first screen when pwa/index.html drew one: what index.html paints before the app's code
 * has loaded, drawn the same way (AppShell.test.tsx compares them), and what stays on screen until the first page is
 * ready (the router's hydrate fallback), so the screen never goes blank or jumps in between.
 */
export function AppShell() {
  const screen = window.zoopassFirstScreen;
  const first = screen?.path === window.location.pathname ? screen : undefined;
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
      {first?.tiles[0] && (
        <main className="page">
          {first.page === 'home' && first.words ? (
            <HomeFirstScreen tiles={first.tiles} words={first.words} />
          ) : (
            <article className={first.page === 'park' ? 'park-profile' : 'item-page'}>
              <header className="park-hero">
                <img src={first.tiles[0].image} alt="" width="1280" height="720" />
              </header>
            </article>
          )}
        </main>
      )}
    </div>
  );
}
