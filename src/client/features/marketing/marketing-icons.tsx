/** Line icons drawn for the marketing pages; decorative, the text next to them says it all. */
const paths = {
  chat: 'M4 5h16v11H9l-5 4z M8 9h8 M8 12h5',
  calculator: 'M6 3h12v18H6z M9 7h6 M9 11h.01 M12 11h.01 M15 11h.01 M9 15h.01 M12 15h.01 M15 15v3',
  monitor: 'M3 4h18v12H3z M8 20h8 M12 16v4',
  phone: 'M8 2h8v20H8z M11 18h2',
  offline: 'M2 8.5a15 15 0 0 1 20 0 M5.5 12a10 10 0 0 1 13 0 M9 15.5a5 5 0 0 1 6 0 M12 19h.01',
  globe: 'M12 3a9 9 0 1 0 0 18a9 9 0 1 0 0-18z M3 12h18 M12 3c3 3 3 15 0 18 M12 3c-3 3-3 15 0 18',
  award: 'M12 3a6 6 0 1 0 0 12a6 6 0 1 0 0-12z M8.5 14l-1.5 7 5-3 5 3-1.5-7',
  people:
    'M9 11a3.5 3.5 0 1 0 0-7a3.5 3.5 0 1 0 0 7z M2 20c0-4 3-6 7-6s7 2 7 6 M16 4a3.5 3.5 0 0 1 0 7 M18 14c2 .5 4 2 4 6',
  bulb: 'M9 18h6 M10 21h4 M12 3a6 6 0 0 0-4 10.5c.7.7 1 1.5 1 2.5h6c0-1 .3-1.8 1-2.5A6 6 0 0 0 12 3z',
  school: 'M3 10l9-6 9 6 M5 10v10h14V10 M10 20v-5h4v5',
} as const;

export type IconName = keyof typeof paths;

export function Icon({ name }: { name: IconName }) {
  return (
    <svg className="icon" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path d={paths[name]} />
    </svg>
  );
}
