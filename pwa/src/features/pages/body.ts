// Page bodies are plain text: paragraphs separated by a blank line; a paragraph of several lines whose first line
// is short and is not a sentence (no closing 。 . ? ！ …) is a section with that line as its heading; lines
// numbered "1. " form an ordered list.

export interface Block {
  heading: string | null;
  lines: string[];
  ordered: boolean;
}

const HEADING_MAX = 60;
const SENTENCE_END = /[。．.!！?？」]$/;
const NUMBERED = /^\d+\.\s+/;

export function parseBody(body: string): Block[] {
  return body
    .replace(/\r\n?/g, '\n')
    .split(/\n{2,}/)
    .map((p) =>
      p
        .split('\n')
        .map((l) => l.trim())
        .filter(Boolean),
    )
    .filter((lines) => lines.length > 0)
    .map((lines) => {
      const first = lines[0] as string;
      const heading = lines.length > 1 && [...first].length <= HEADING_MAX && !SENTENCE_END.test(first) ? first : null;
      const rest = heading ? lines.slice(1) : lines;
      const ordered = rest.length > 1 && rest.every((l) => NUMBERED.test(l));
      return { heading, lines: ordered ? rest.map((l) => l.replace(NUMBERED, '')) : rest, ordered };
    });
}
