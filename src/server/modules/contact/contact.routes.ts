import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { contactInputSchema, contactMessageSchema } from '../../../shared/contracts/contact.ts';
import { envelopeSchema } from '../../../shared/contracts/envelope.ts';
import { ok } from '../../envelope.ts';
import type { ContactService } from './contact.service.ts';
import { siteApi } from '../../../shared/endpoints/site.ts';

export const contactRoutes: FastifyPluginAsyncZod<{ service: ContactService }> = async (app, opts) => {
  app.post(
    siteApi.contact.pattern,
    {
      schema: {
        summary: 'Leave a message for the EduPortal team',
        body: contactInputSchema,
        response: { 201: envelopeSchema(contactMessageSchema) },
      },
    },
    async (request, reply) => {
      const receipt = await opts.service.receive(request.body);
      return reply.code(201).send(ok(201, 'Thank you, your message was received', receipt));
    },
  );
};
