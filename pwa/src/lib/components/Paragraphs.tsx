/** Text with paragraphs separated by blank lines. */
export function Paragraphs({ text }: { text: string }) {
  return (
    <>
      {text
        .split(/\n{2,}/)
        .filter(Boolean)
        .map((p, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: static text split
          <p key={i}>{p}</p>
        ))}
    </>
  );
}
