// The single place that names the generated media files. The seed data and the art generator both
// use these functions, so every URL the database references is a file the generator writes.

export const media = {
  park: (slug: string) => `/media/parks/${slug}.svg`,
  parkMap: (slug: string) => `/media/parks/${slug}-map.svg`,
  animal: (speciesCode: string) => `/media/animals/${speciesCode}.svg`,
  story: (storyCode: string, n: number) => `/media/stories/${storyCode}-${n}.svg`,
  movie: (storyCode: string) => `/media/movies/${storyCode}.svg`,
  item: (itemCode: string) => `/media/items/${itemCode}.svg`,
  pack: (packCode: string) => `/media/packs/${packCode}.svg`,
  user: (staffCode: string) => `/media/users/${staffCode}.svg`,
} as const;

/** Path of a media URL relative to the output directory (strips the leading /media/). */
export const mediaRelativePath = (url: string): string => url.replace(/^\/media\//, '');
