// Japanese for a device that has no Japanese font of its own (a bare Linux machine, a kiosk): without one every
// Japanese character is drawn as a box. Two faces of Noto Sans JP cut by the build (fonts/build.ts), under a family
// that comes last in the page's font list (styles.css --font), so a device whose own fonts draw Japanese never asks
// for them: Chromium loads a face only when text reaches it in the list. The app's own characters first (every
// character of the app's strings and the demo's content), then the other common kanji (JIS level 1) for what staff
// and visitors write. `local()` first: a phone whose system font is Noto Sans CJK under no family name the list can
// reach (Android) takes it from the system. Added once the first page is shown, so a bare machine's download never
// stands before that page.

export interface JapaneseFontFiles {
  /** The app's characters: kana, punctuation and every kanji of its strings and seed content. */
  app: string;
  /** The other JIS level 1 kanji. */
  more: string;
}

export const JAPANESE_FALLBACK_FAMILY = 'ZooPass Japanese';

const LOCAL = ['Noto Sans CJK JP', 'NotoSansCJKjp-Regular', 'Noto Sans JP Regular', 'NotoSansJP-Regular']
  .map((name) => `local("${name}")`)
  .join(', ');

/** The blocks the faces cover: CJK symbols and punctuation with the kana, then the kanji (extension A, unified,
 *  compatibility), then full-width forms. The build (build.ts) takes the app's characters from the same blocks. */
export const JAPANESE_BLOCKS: readonly (readonly [number, number])[] = [
  [0x3000, 0x30ff],
  [0x3400, 0x4dbf],
  [0x4e00, 0x9fff],
  [0xf900, 0xfaff],
  [0xff00, 0xffef],
];

const unicodeRange = (blocks: readonly (readonly [number, number])[]) =>
  blocks.map(([from, to]) => `U+${from.toString(16).toUpperCase()}-${to.toString(16).toUpperCase()}`).join(', ');

/** Adds the faces to the document (not loaded: the browser loads one when some text needs it). */
export function addJapaneseFallbackFont(files: JapaneseFontFiles, fonts: FontFaceSet = document.fonts): void {
  if (typeof FontFace === 'undefined') return;
  const face = (url: string, unicodeRange: string) =>
    new FontFace(JAPANESE_FALLBACK_FAMILY, `${LOCAL}, url("${url}") format("woff2")`, {
      unicodeRange,
      display: 'swap',
    });
  // A character in both ranges is looked for in the face added last first, and in the other when that face has no
  // glyph for it: the app's face is asked first, the larger one only for a kanji the app's does not have.
  const faces = [
    face(files.more, unicodeRange(JAPANESE_BLOCKS.slice(1, 4))),
    face(files.app, unicodeRange(JAPANESE_BLOCKS)),
  ];
  for (const f of faces) fonts.add(f);
  // Chromium draws text again when a face it waited for comes, but not all of it: the headings, buttons and tab
  // names laid out before stayed boxes (Chromium 14x, seen on a bare Linux machine). Flipping a font property that
  // changes nothing one can see (styles.css [data-japanese-font]) makes it lay all text out again.
  fonts.addEventListener('loadingdone', (event) => {
    if ((event as FontFaceSetLoadEvent).fontfaces.some((f) => faces.includes(f))) {
      document.documentElement.toggleAttribute('data-japanese-font');
    }
  });
}
