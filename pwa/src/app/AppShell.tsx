import { createElement, type ReactNode } from 'react';
import { firstScreenMarkup, HEADER, type Markup } from './firstScreen';

// Attributes whose React prop has another name.
const PROPS: Record<string, string> = {
  class: 'className',
  fetchpriority: 'fetchPriority',
  tabindex: 'tabIndex',
  datetime: 'dateTime',
};

function render(markup: Markup | string): ReactNode {
  if (typeof markup === 'string') return markup;
  const [tag, attributes, ...children] = markup;
  const props = Object.fromEntries(Object.entries(attributes).map(([name, value]) => [PROPS[name] ?? name, value]));
  return createElement(tag, props, ...children.map(render));
}

/**
 * The header, and the page's first screen when the boot script drew one (app/firstScreen.ts, which both draw from):
 * what index.html paints before the app's code has loaded, and what stays on screen until the first page is ready
 * (the router's hydrate fallback), so the screen never goes blank or jumps in between. On My Tickets, the whole
 * layout with its first cards, as the body's boot script drew it from the stored wallet.
 */
export function AppShell() {
  const wallet = window.zoopassWalletFirstScreen;
  if (wallet?.path === window.location.pathname) return render(wallet.markup);
  const screen = window.zoopassFirstScreen;
  const main = screen?.path === window.location.pathname ? firstScreenMarkup(screen) : null;
  return (
    <div className="layout layout--default" aria-busy="true">
      {render(HEADER)}
      {main && render(main)}
    </div>
  );
}
