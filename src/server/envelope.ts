import type { Envelope } from '../shared/contracts/envelope.ts';

/** A success answer in the contract's envelope. */
export function ok<T>(statusCode: number, message: string, data: T): Envelope<T> {
  return { statusCode, success: true, message, data };
}
