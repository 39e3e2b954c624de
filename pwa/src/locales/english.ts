// The English strings have the Japanese ones' shape, plus the singular of a string that takes a count
// (`key_one`, i18next's plural suffix): Japanese has one form, English says "1 ticket" and "2 tickets".
type Singulars = { [key: `${string}_one`]: string };

export type English<T> = { [K in keyof T]: T[K] extends string ? string : English<T[K]> } & Singulars;
