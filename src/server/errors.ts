import type { FieldError } from '../shared/contracts/envelope.ts';

/**
 * The one error type services throw. The error handler turns it into the contract's envelope;
 * its message is shown to users, so it must say what to fix and never carry internal detail.
 */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly errors?: FieldError[],
  ) {
    super(message);
    this.name = 'AppError';
  }
}

export const notFound = (what: string) => new AppError(404, `${what} was not found`);
export const badRequest = (message: string, errors?: FieldError[]) => new AppError(400, message, errors);

/** A schema's issues as the envelope's `errors`: each under the field it concerns, where it has one. */
export function fieldErrors(issues: { path: PropertyKey[]; message: string }[]): FieldError[] {
  return issues.map((i) =>
    i.path.length ? { field: String(i.path[0]), message: i.message } : { message: i.message },
  );
}
