// The app's icons as inline SVG (24×24, currentColor): the same on every device, unlike emoji, which need a font.
const PATHS = {
  home: 'M12 3 2 11.5l1.3 1.5L5 11.6V21h5.5v-6h3v6H19v-9.4l1.7 1.4 1.3-1.5Z',
  search: 'M10 3a7 7 0 0 1 5.6 11.2l5.1 5.1-1.4 1.4-5.1-5.1A7 7 0 1 1 10 3Zm0 2a5 5 0 1 0 0 10 5 5 0 0 0 0-10Z',
  ticket:
    'M3 6a2 2 0 0 1 2-2h14a2 2 0 0 1 2 2v3a3 3 0 0 0 0 6v3a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2v-3a3 3 0 0 0 0-6Zm11 0v2h2V6Zm0 5v2h2v-2Zm0 5v2h2v-2Z',
  bell: 'M12 2a6 6 0 0 1 6 6v4.6l2 3.4v1H4v-1l2-3.4V8a6 6 0 0 1 6-6Zm-2.5 17h5a2.5 2.5 0 0 1-5 0Z',
  user: 'M12 12a4.5 4.5 0 1 0 0-9 4.5 4.5 0 0 0 0 9Zm-8 9c.5-4.2 3.8-7 8-7s7.5 2.8 8 7Z',
  star: 'm12 2.5 2.9 6 6.6.9-4.8 4.6 1.2 6.5L12 17.4l-5.9 3.1 1.2-6.5-4.8-4.6 6.6-.9Z',
  starOutline:
    'm12 2.5 2.9 6 6.6.9-4.8 4.6 1.2 6.5L12 17.4l-5.9 3.1 1.2-6.5-4.8-4.6 6.6-.9Zm0 4.6-1.6 3.3-3.6.5 2.6 2.6-.6 3.6 3.2-1.7 3.2 1.7-.6-3.6 2.6-2.6-3.6-.5Z',
  heart: 'M12 21s-8.5-5.2-8.5-11.2A4.8 4.8 0 0 1 12 6.6a4.8 4.8 0 0 1 8.5 3.2C20.5 15.8 12 21 12 21Z',
  heartOutline:
    'M12 21s-8.5-5.2-8.5-11.2A4.8 4.8 0 0 1 12 6.6a4.8 4.8 0 0 1 8.5 3.2C20.5 15.8 12 21 12 21Zm0-2.4c2.6-1.8 6.5-5.2 6.5-8.8a2.8 2.8 0 0 0-5.2-1.5L12 10l-1.3-1.7a2.8 2.8 0 0 0-5.2 1.5c0 3.6 3.9 7 6.5 8.8Z',
  book: 'M4 4.5A2.5 2.5 0 0 1 6.5 2H20v16H6.5a.5.5 0 0 0 0 1H20v3H6.5A2.5 2.5 0 0 1 4 19.5Zm4 1.5v2h8V6Z',
  tag: 'M3 3h8.6l9.4 9.4-8.6 8.6L3 11.6Zm4.5 2.5a2 2 0 1 0 0 4 2 2 0 0 0 0-4Z',
  coin: 'M12 2a10 10 0 1 1 0 20 10 10 0 0 1 0-20Zm0 3a7 7 0 1 0 0 14 7 7 0 0 0 0-14Zm-1 2h2v1.1c1.3.3 2.3 1.2 2.4 2.5h-2c-.1-.5-.6-.8-1.4-.8-.9 0-1.4.4-1.4.9s.4.8 1.8 1.1c2.1.5 3.1 1.2 3.1 2.7 0 1.3-1 2.2-2.5 2.5V17h-2v-1c-1.5-.3-2.5-1.3-2.6-2.7h2c.1.7.7 1.1 1.6 1.1 1 0 1.5-.4 1.5-1 0-.5-.4-.8-1.9-1.2-2-.4-3-1.2-3-2.6 0-1.2.9-2.2 2.4-2.5Z',
  gear: 'M10.3 2h3.4l.5 2.6 1.8.8 2.2-1.5 2.4 2.4-1.5 2.2.8 1.8 2.6.5v3.4l-2.6.5-.8 1.8 1.5 2.2-2.4 2.4-2.2-1.5-1.8.8-.5 2.6h-3.4l-.5-2.6-1.8-.8-2.2 1.5-2.4-2.4 1.5-2.2-.8-1.8L2 13.7v-3.4l2.6-.5.8-1.8-1.5-2.2 2.4-2.4 2.2 1.5 1.8-.8ZM12 8.5a3.5 3.5 0 1 0 0 7 3.5 3.5 0 0 0 0-7Z',
  check: 'M9.5 16.2 4.8 11.5l-1.4 1.4 6.1 6.1L20.6 7.9l-1.4-1.4Z',
  mail: 'M3 5h18a1 1 0 0 1 1 1v12a1 1 0 0 1-1 1H3a1 1 0 0 1-1-1V6a1 1 0 0 1 1-1Zm1 2.4V17h16V7.4l-8 5.3Zm1.6-.4L12 11.2 18.4 7Z',
} as const;

export type IconName = keyof typeof PATHS;

/** A decorative icon (hidden from assistive technology: the text next to it says what it is). */
export function Icon({ name, size = 24, className }: { name: IconName; size?: number; className?: string }) {
  return (
    <svg
      className={className ? `icon ${className}` : 'icon'}
      viewBox="0 0 24 24"
      width={size}
      height={size}
      aria-hidden="true"
      focusable="false"
    >
      <path fill="currentColor" fillRule="evenodd" d={PATHS[name]} />
    </svg>
  );
}
