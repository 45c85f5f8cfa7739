import type { FastifyInstance } from 'fastify';

/**
 * Every answer names the process that served it (`X-Instance`, docs/api.md, "Instances"), so
 * that an operator reading a client's report, or a test of the cluster, can tell which of the app
 * instances behind the load balancer answered. It is set before any other hook runs, so errors,
 * 304s, media and the app's own files carry it too.
 */
export function registerInstanceHeader(app: FastifyInstance, instanceId: string): void {
  app.addHook('onRequest', (_request, reply, done) => {
    reply.header('x-instance', instanceId);
    done();
  });
}
