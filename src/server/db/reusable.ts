import { createQueryId, type Compilable, type CompiledQuery, type Kysely } from 'kysely';

/** Compiled shapes kept per query; more than a list's usual page sizes and positions. */
const MAX_SHAPES = 256;

/** Stands in for one value while a query is compiled; replaced by the real value on each run. */
class Slot {
  constructor(readonly key: string) {}
}

/**
 * A query that Kysely builds and compiles once per shape and database, then runs with new
 * values: under load, building and compiling a list page's query took about as much CPU as
 * SQLite took to answer it.
 *
 * `build` receives `values` as placeholders, so it must use them only as values in the query,
 * never look at them; everything that changes the SQL text (a sort direction, whether a filter
 * applies, a LIMIT that SQLite gets as a number: see database.ts) belongs in `shape`, which
 * names the compiled query it leads to.
 */
export function reusableQuery<DB, Shape extends Record<string, string | number | boolean>, Values, Row>(
  build: (db: Kysely<DB>, shape: Shape, values: Values) => Compilable<Row>,
): (db: Kysely<DB>, shape: Shape, values: Values) => Promise<Row[]> {
  const compiled = new WeakMap<Kysely<DB>, Map<string, CompiledQuery<Row>>>();
  return async (db, shape, values) => {
    let byShape = compiled.get(db);
    if (!byShape) compiled.set(db, (byShape = new Map()));
    const key = JSON.stringify(shape);
    let query = byShape.get(key);
    if (!query) {
      // Page positions are part of the shape, so a crawl through every page must not keep them all.
      if (byShape.size >= MAX_SHAPES) byShape.clear();
      const slots = new Proxy({}, { get: (_target, name) => new Slot(String(name)) }) as Values;
      query = build(db, shape, slots).compile();
      byShape.set(key, query);
    }
    const parameters = query.parameters.map((p) =>
      p instanceof Slot ? (values as Record<string, unknown>)[p.key] : p,
    );
    const result = await db.executeQuery<Row>({ ...query, queryId: createQueryId(), parameters });
    return result.rows;
  };
}
