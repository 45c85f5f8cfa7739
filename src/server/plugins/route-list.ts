import type { FastifyInstance } from 'fastify';

/** One route as it was declared: what a test that walks every route reads (`app.servedRoutes`). */
export interface ServedRoute {
  method: string;
  url: string;
  /** Whether the route declares a schema for its body (a JSON body); multipart routes do not. */
  bodySchema: boolean;
  /** Whether its answers may be kept against the database's state (plugins/answer-cache.ts). */
  keepsAnswers: boolean;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every route, filled in as each is declared: a new route is in it by being declared. */
    servedRoutes: readonly ServedRoute[];
  }
}

/** Keeps `app.servedRoutes`: every route, as it is declared. */
export function registerRouteList(app: FastifyInstance): void {
  const servedRoutes: ServedRoute[] = [];
  app.decorate('servedRoutes', servedRoutes);
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) {
      servedRoutes.push({
        method,
        url: route.url,
        bodySchema: route.schema?.body !== undefined,
        keepsAnswers: route.config?.keepAnswers === true,
      });
    }
  });
}
