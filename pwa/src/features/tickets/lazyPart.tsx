// A part of the item page that only some items show (a pass's form, a lottery's rounds, the waitlist): a chunk of
// its own, so the pages of the other items do not load it. The item page's prefetch loads it with the item when the
// item shows it (ItemPage.tsx), so that page renders once with it; elsewhere it comes when the part first shows.
import { type ComponentType, useEffect, useState } from 'react';

export interface Part<P> {
  preload: () => Promise<ComponentType<P>>;
  loaded: () => ComponentType<P> | null;
}

export function lazyPart<P>(load: () => Promise<ComponentType<P>>): Part<P> {
  let loaded: ComponentType<P> | null = null;
  let loading: Promise<ComponentType<P>> | null = null;
  const preload = (): Promise<ComponentType<P>> =>
    (loading ??= load().then(
      (component) => {
        loaded = component;
        return component;
      },
      (error: unknown) => {
        loading = null;
        throw error;
      },
    ));
  return { preload, loaded: () => loaded };
}

/** The part with its props: at once when loaded, else nothing until it has come. */
export function LazyPart<P extends object>({ part, props }: { part: Part<P>; props: P }) {
  const [Loaded, setLoaded] = useState(part.loaded);
  useEffect(() => {
    if (Loaded) return;
    let live = true;
    part.preload().then(
      (component) => live && setLoaded(() => component),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [Loaded, part]);
  return Loaded ? <Loaded {...props} /> : null;
}
