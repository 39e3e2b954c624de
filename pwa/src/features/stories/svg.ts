// Short movies are animated SVG files (SMIL). An <img> plays them but cannot pause them, so the player puts the
// file inline and calls pauseAnimations()/unpauseAnimations(). Only our own media files are inlined, and only
// after removing anything active: scripts, foreign content, event handlers and links out of the document.

const FORBIDDEN = new Set(['script', 'foreignobject', 'iframe', 'embed', 'object', 'a', 'audio', 'video', 'image']);

/** Whether a movie URL is one of our own media files (same origin, under /media/, an .svg). */
export function isInlineableMovie(url: string): boolean {
  return /^\/media\/[\w/.-]+\.svg$/.test(url) && !url.includes('..');
}

/** Parses SVG text into a harmless <svg> element, or null when it is not SVG. */
export function sanitizeSvg(text: string, doc: Document = document): SVGSVGElement | null {
  const parsed = new DOMParser().parseFromString(text, 'image/svg+xml');
  const root = parsed.documentElement;
  if (root?.nodeName.toLowerCase() !== 'svg' || parsed.getElementsByTagName('parsererror').length > 0) {
    return null;
  }
  for (const el of [...root.querySelectorAll('*')]) {
    const tag = el.localName.toLowerCase();
    if (FORBIDDEN.has(tag) || (tag === 'style' && /@import|url\(\s*['"]?\s*(?!#)/i.test(el.textContent ?? ''))) {
      el.remove();
      continue;
    }
    for (const attr of [...el.attributes]) {
      const name = attr.name.toLowerCase();
      const local = attr.localName.toLowerCase();
      if (name.startsWith('on')) el.removeAttribute(attr.name);
      else if (local === 'href' && !attr.value.trim().startsWith('#')) el.removeAttributeNode(attr);
      else if (/url\(\s*['"]?\s*(?!#)/i.test(attr.value)) el.removeAttribute(attr.name);
    }
  }
  for (const attr of [...root.attributes]) {
    if (attr.name.toLowerCase().startsWith('on')) root.removeAttribute(attr.name);
  }
  return doc.importNode(root, true) as unknown as SVGSVGElement;
}
