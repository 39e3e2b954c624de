// Catalogue pages this device has shown (path and title, newest first), so that offline the app can offer the
// ones whose answers the service worker keeps (its catalogue cache) instead of a dead end.
const KEY = 'zoopass-visited';
const KEEP = 12;

export interface Visit {
  path: string;
  title: string;
}

/** Pages worth offering offline: a park, item, pack, story or animal page. */
export const isCataloguePage = (path: string) =>
  /^\/(profile\/(park|living-thing|park-living-thing|park-user)|items|ticket-pack|story)\/\d+$/.test(path);

export function visitedPages(): Visit[] {
  try {
    const list = JSON.parse(localStorage.getItem(KEY) ?? '[]') as unknown;
    return Array.isArray(list)
      ? list.filter((v): v is Visit => typeof v?.path === 'string' && typeof v?.title === 'string')
      : [];
  } catch {
    return [];
  }
}

export function rememberVisit(path: string, title: string): void {
  const name = title.trim();
  if (!isCataloguePage(path) || !name) return;
  const list = [{ path, title: name }, ...visitedPages().filter((v) => v.path !== path)].slice(0, KEEP);
  try {
    localStorage.setItem(KEY, JSON.stringify(list));
  } catch {
    // Storage full or refused: only the offline suggestions are lost.
  }
}
