import type { ClientRoutePath } from '../../shared/routes.ts';

/**
 * The pages that open without the router (app/light-start.tsx): the home page, where an
 * installed app starts and most first visits land. Its page is prerendered (readable before any
 * code) and reads nothing from the API, so React DOM and the screen are all it needs to answer a
 * tap; the router, SWR and the app's shell (about 36 KB of gzip JavaScript) come when a link is
 * followed. A screen listed here may reach the router only through components/navigation.tsx
 * (tests/tooling/light-start.test.ts walks its imports).
 */
export const lightRoutes = ['/'] as const satisfies readonly ClientRoutePath[];
export type LightRoute = (typeof lightRoutes)[number];

export const isLightRoute = (path: string): path is LightRoute =>
  (lightRoutes as readonly string[]).includes(path);
