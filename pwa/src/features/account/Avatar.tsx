/** The first character of a name (a whole character, also outside the BMP), for the avatar without a picture. */
export const initialOf = (name: string | null | undefined) => (name?.trim() ? [...name.trim()][0] : '?');

/** The profile icon, or the first letter of the name on a coloured disc. Decorative: names are shown beside it. */
export function Avatar({
  name,
  iconUrl,
  size = 40,
}: {
  name: string | null | undefined;
  iconUrl: string | null | undefined;
  size?: number;
}) {
  if (iconUrl) {
    return <img className="avatar" src={iconUrl} alt="" width={size} height={size} />;
  }
  return (
    <span
      className="avatar avatar--initial"
      aria-hidden="true"
      style={{ width: size, height: size, fontSize: Math.round(size * 0.45) }}
    >
      {initialOf(name)}
    </span>
  );
}
