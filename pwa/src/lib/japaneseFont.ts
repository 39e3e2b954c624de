// A machine with no Japanese font at all (a bare Linux desktop running the demo, a kiosk image) draws every Japanese
// character as the same box. There, and only there, the app loads its own Japanese font: the font list in
// styles.css names it before the generic family, and its @font-face rules come in slices by character range, so the
// browser fetches only the slices of the characters on screen. Phones and desktops with a Japanese font (all that
// visitors use) never download it.

/** Whether this browser draws two different Japanese characters as the same picture (both as the missing glyph). */
export function systemLacksJapanese(doc: Document = document): boolean {
  const canvas = doc.createElement('canvas');
  canvas.width = 24;
  canvas.height = 24;
  const context = canvas.getContext('2d', { willReadFrequently: true });
  if (!context) return false;
  const draw = (text: string) => {
    context.clearRect(0, 0, 24, 24);
    context.font = '20px sans-serif';
    context.fillText(text, 0, 20);
    return context.getImageData(0, 0, 24, 24).data;
  };
  const kana = draw('あ');
  const kanji = draw('園');
  return kana.every((value, i) => value === kanji[i]);
}

export function loadJapaneseFontWhereMissing(): void {
  if (systemLacksJapanese()) void import('./japaneseFont.css');
}
