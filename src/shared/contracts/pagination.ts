import { z } from 'zod';

/** Page query of every list (docs/api.md): page from 1; limit up to 100, default per list. */
export function pageQuerySchema(defaultLimit: number) {
  return z.object({
    page: z.coerce
      .number({ error: 'page must be a whole number from 1' })
      .int('page must be a whole number from 1')
      .min(1, 'page must be a whole number from 1')
      .max(1_000_000, 'page is too large')
      .default(1),
    limit: z.coerce
      .number({ error: 'limit must be a whole number from 1 to 100' })
      .int('limit must be a whole number from 1 to 100')
      .min(1, 'limit must be a whole number from 1 to 100')
      .max(100, 'limit must be a whole number from 1 to 100')
      .default(defaultLimit),
  });
}
export type PageQuery = z.infer<ReturnType<typeof pageQuerySchema>>;

export function pagedSchema<T extends z.ZodType>(item: T) {
  return z.object({
    docs: z.array(item),
    page: z.number().int(),
    limit: z.number().int(),
    totalDocs: z.number().int(),
    totalPages: z.number().int(),
    hasNextPage: z.boolean(),
  });
}

export interface Paged<T> {
  docs: T[];
  page: number;
  limit: number;
  totalDocs: number;
  totalPages: number;
  hasNextPage: boolean;
}

export function toPaged<T>(docs: T[], { page, limit }: PageQuery, totalDocs: number): Paged<T> {
  const totalPages = Math.ceil(totalDocs / limit);
  return { docs, page, limit, totalDocs, totalPages, hasNextPage: page < totalPages };
}
