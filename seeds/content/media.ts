// The single place that names the generated media files (pictures as WebP drawn from SVG; maps and the animated
// short movies as SVG). The seed data and the art generator both use these functions, so every URL the database
// references is a file the generator writes.

export const media = {
  park: (slug: string) => `/media/parks/${slug}.webp`,
  parkMap: (slug: string) => `/media/parks/${slug}-map.svg`,
  animal: (speciesCode: string) => `/media/animals/${speciesCode}.webp`,
  story: (storyCode: string, n: number) => `/media/stories/${storyCode}-${n}.webp`,
  movie: (storyCode: string) => `/media/movies/${storyCode}.svg`,
  item: (itemCode: string) => `/media/items/${itemCode}.webp`,
  pack: (packCode: string) => `/media/packs/${packCode}.webp`,
  user: (staffCode: string) => `/media/users/${staffCode}.webp`,
} as const;

/** Path of a media URL relative to the output directory (strips the leading /media/). */
export const mediaRelativePath = (url: string): string => url.replace(/^\/media\//, '');
