import type { FastifyInstance } from 'fastify';
import { AppError } from '../errors.ts';

/**
 * How deeply arrays and objects may nest in a JSON body. The API's bodies are two levels deep at
 * most; the bound is far above that, and far below what would strain anything that walks a value
 * (a parser, a check, a serializer).
 */
export const MAX_JSON_DEPTH = 64;

/**
 * The deepest nesting of arrays and objects in JSON text, counted without parsing it: brackets
 * inside strings do not count. Stops counting as soon as `limit` is passed.
 */
export function jsonDepth(text: string, limit = Infinity): number {
  let depth = 0;
  let deepest = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c)
        i += 1; // a backslash: the next character is escaped, whatever it is
      else if (c === 0x22) inString = false;
      continue;
    }
    if (c === 0x22) inString = true;
    else if (c === 0x5b || c === 0x7b) {
      depth += 1;
      if (depth > deepest) {
        deepest = depth;
        if (deepest > limit) return deepest;
      }
    } else if (c === 0x5d || c === 0x7d) depth -= 1;
  }
  return deepest;
}

/**
 * JSON bodies, parsed as Fastify does (prototype poisoning refused), after their depth is
 * checked: a body nested past MAX_JSON_DEPTH is a 400 that says so, before anything walks it
 * (docs/api.md, "Every answer").
 */
export function registerJsonBody(app: FastifyInstance): void {
  const parse = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = body as string;
    if (jsonDepth(text, MAX_JSON_DEPTH) > MAX_JSON_DEPTH) {
      done(
        new AppError(400, 'The JSON body is nested too deeply', [
          { message: `arrays and objects may nest at most ${MAX_JSON_DEPTH} levels deep` },
        ]),
        undefined,
      );
      return;
    }
    parse(request, text, done);
  });
}
