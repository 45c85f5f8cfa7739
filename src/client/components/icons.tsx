/** Small line icons for the layout; decorative, always next to a text or an accessible name. */
const paths = {
  mail: 'M3 5h18v14H3z M3 6l9 7 9-7',
  phone: 'M5 3h4l2 5-2.5 1.5a11 11 0 0 0 6 6L16 13l5 2v4a2 2 0 0 1-2 2A16 16 0 0 1 3 5a2 2 0 0 1 2-2z',
  translate: 'M3 5h10 M8 3v2 M5 5c1 4 4 7 7 8 M11 5c-1 4-4 7-7 8 M12 21l4.5-10 4.5 10 M13.5 17.5h6',
  code: 'M8 7l-5 5 5 5 M16 7l5 5-5 5 M14 4l-4 16',
  network: 'M4 4h16v16H4z M8 10v6 M8 7v.01 M12 16v-6 M12 12.5c0-1.5 1-2.5 2.5-2.5S17 11 17 12.5V16',
} as const;

export type LayoutIconName = keyof typeof paths;

export function LayoutIcon({ name }: { name: LayoutIconName }) {
  return (
    <svg className="layout-icon" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path d={paths[name]} />
    </svg>
  );
}
