import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  courseDetailSchema,
  courseInputSchema,
  courseLessonsSchema,
  coursePageSchema,
  coursePatchSchema,
  courseSchema,
  courseSearchSchema,
  enrolmentSchema,
} from '../../../shared/contracts/courses.ts';
import { envelopeSchema } from '../../../shared/contracts/envelope.ts';
import { pagedSchema, pageQuerySchema } from '../../../shared/contracts/pagination.ts';
import { ID_PARAM_MAX } from '../../../shared/contracts/videos.ts';
import { coursesApi } from '../../../shared/endpoints/courses.ts';
import type { Config } from '../../config.ts';
import { ok } from '../../envelope.ts';
import { requireUser } from '../../plugins/auth.ts';
import { readUpload } from '../../plugins/uploads.ts';
import type { MediaStorage } from '../../storage/storage.ts';
import type { CoursesService } from './courses.service.ts';

export interface CoursesRoutesOptions {
  courses: CoursesService;
  storage: MediaStorage;
  config: Pick<Config, 'maxImageBytes'>;
}

const courseParams = z.object({ courseId: z.string().min(1).max(ID_PARAM_MAX) });
const page = envelopeSchema(pagedSchema(courseSchema));
const detail = envelopeSchema(courseDetailSchema);
const one = envelopeSchema(courseSchema);

export const coursesRoutes: FastifyPluginAsyncZod<CoursesRoutesOptions> = async (
  app,
  { courses, storage, config },
) => {
  app.get(
    coursesApi.list.pattern,
    {
      config: { keepAnswers: true },
      schema: {
        summary: 'Published courses, newest first; with q, the courses matching its words, best match first',
        querystring: pageQuerySchema(20).extend(courseSearchSchema.shape),
        response: { 200: envelopeSchema(coursePageSchema) },
      },
    },
    async (request) => {
      const { q, ...query } = request.query;
      const viewerId = request.principal?.userId;
      if (!q) return ok(200, 'Courses', await courses.list(viewerId, query));
      const found = await courses.search(viewerId, q, query);
      // A ranking reused from before a write elsewhere is kept no longer than it is reused.
      request.keepAnswerUntil = found.reusedUntil;
      return ok(200, 'Courses', found.page);
    },
  );

  app.get(
    coursesApi.enrolled.pattern,
    {
      schema: {
        summary: "The caller's enrolled courses, latest enrolment first",
        querystring: pageQuerySchema(20),
        response: { 200: page },
      },
    },
    async (request) => {
      const principal = requireUser(request);
      return ok(200, 'Enrolled courses', await courses.listEnrolled(principal.userId, request.query));
    },
  );

  app.get(
    coursesApi.byOwner.pattern,
    {
      config: { keepAnswers: true },
      schema: {
        summary: "One user's courses, newest first (their own drafts too, when they ask)",
        params: z.object({ userId: z.string().min(1).max(ID_PARAM_MAX) }),
        querystring: pageQuerySchema(20),
        response: { 200: page },
      },
    },
    async (request) =>
      ok(
        200,
        'Courses',
        await courses.listByOwner(request.params.userId, request.principal?.userId, request.query),
      ),
  );

  app.get(
    coursesApi.one.pattern,
    {
      config: { keepAnswers: true },
      schema: {
        summary: "One course with its lessons in order (404 for another user's unpublished course)",
        params: courseParams,
        response: { 200: detail },
      },
    },
    async (request) =>
      ok(200, 'Course', await courses.get(request.params.courseId, request.principal?.userId)),
  );

  app.post(
    coursesApi.create.pattern,
    {
      schema: {
        summary: 'Start a course (unpublished, no lessons yet)',
        body: courseInputSchema,
        response: { 201: one },
      },
    },
    async (request, reply) => {
      const principal = requireUser(request);
      return reply
        .code(201)
        .send(ok(201, 'Course created', await courses.create(principal.userId, request.body)));
    },
  );

  app.patch(
    coursesApi.update.pattern,
    {
      schema: {
        summary: 'Change title, description, language, or publish (owner only)',
        params: courseParams,
        body: coursePatchSchema,
        response: { 200: one },
      },
    },
    async (request) => {
      const principal = requireUser(request);
      return ok(
        200,
        'Course updated',
        await courses.update(principal.userId, request.params.courseId, request.body),
      );
    },
  );

  app.patch(
    coursesApi.setCover.pattern,
    {
      schema: {
        summary: "Replace the course's cover picture (owner only)",
        description: 'multipart/form-data with cover (an image, checked and stored as a thumbnail is)',
        consumes: ['multipart/form-data'],
        params: courseParams,
        response: { 200: one },
      },
    },
    async (request) => {
      const principal = requireUser(request);
      const upload = await readUpload(request, storage, {
        cover: { label: 'Cover', maxBytes: config.maxImageBytes },
      });
      try {
        return ok(
          200,
          'Cover updated',
          await courses.setCover(principal.userId, request.params.courseId, upload),
        );
      } finally {
        await upload.cleanup();
      }
    },
  );

  app.put(
    coursesApi.setLessons.pattern,
    {
      schema: {
        summary: "Set the lessons in order: 1-200 of the owner's own videos, each once (owner only)",
        params: courseParams,
        body: courseLessonsSchema,
        response: { 200: detail },
      },
    },
    async (request) => {
      const principal = requireUser(request);
      return ok(
        200,
        'Lessons saved',
        await courses.setLessons(principal.userId, request.params.courseId, request.body.videoIds),
      );
    },
  );

  app.delete(
    coursesApi.remove.pattern,
    {
      schema: {
        summary: 'Delete a course; its videos stay (owner only)',
        params: courseParams,
        response: { 200: envelopeSchema(z.null()) },
      },
    },
    async (request) => {
      const principal = requireUser(request);
      await courses.delete(principal.userId, request.params.courseId);
      return ok(200, 'Course deleted', null);
    },
  );

  app.post(
    coursesApi.enrol.pattern,
    {
      schema: {
        summary: 'Enrol ({ enrolled: true }) or leave ({ enrolled: false }); safe to repeat',
        params: courseParams,
        body: enrolmentSchema,
        response: { 200: envelopeSchema(enrolmentSchema) },
      },
    },
    async (request) => {
      const principal = requireUser(request);
      const answer = await courses.enrol(principal.userId, request.params.courseId, request.body);
      return ok(200, answer.enrolled ? 'Enrolled' : 'Left the course', answer);
    },
  );
};
