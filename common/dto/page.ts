/** A content page kept in the database (ja required, en falling back to ja). Bodies are plain text. */
export interface ContentPage {
  slug: string;
  title: string;
  /** Paragraphs separated by a blank line; a paragraph's first line may be its heading. */
  body: string;
  updatedAt: string;
}

export const PAGE_SLUG_PATTERN = /^[a-z0-9][a-z0-9-]{0,63}$/;

/** App routes that show a database page. */
export const ROUTE_PAGES = { 'about-us': 'about', corporations: 'corporations', 'user-guide': 'user-guide' } as const;
