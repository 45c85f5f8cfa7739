import { sql, type Kysely, type Selectable } from 'kysely';
import type { Dialect } from './database.ts';
import type { Database, JobsTable } from './schema.ts';

/**
 * Claims the oldest due job of `kind` for `worker` in one statement: a queued job whose time has
 * come, or a running one whose lease has run out (its worker died). Answers the claimed row, or
 * undefined when nothing is due. Atomic on both databases, so that two workers never hold one
 * job (docs/api.md, "Renditions"):
 * - PostgreSQL: `FOR UPDATE SKIP LOCKED` lets concurrent claims pass over each other's rows
 *   instead of queueing behind them.
 * - SQLite: one statement is one write transaction, and writers take the database's single
 *   write lock in turn, so the subquery and the update see the same row state.
 */
export async function claimDueJob(
  db: Kysely<Database>,
  dialect: Dialect,
  { kind, worker, now, leaseUntil }: { kind: string; worker: string; now: string; leaseUntil: string },
): Promise<Selectable<JobsTable> | undefined> {
  const lock = dialect === 'postgres' ? sql`for update skip locked` : sql``;
  const { rows } = await sql<Selectable<JobsTable>>`
    update jobs
       set state = 'running', worker = ${worker}, lease_until = ${leaseUntil},
           attempts = attempts + 1, updated_at = ${now}
     where id = (
       select id from jobs
        where kind = ${kind}
          and ((state = 'queued' and run_at <= ${now}) or (state = 'running' and lease_until < ${now}))
        order by run_at
        limit 1
        ${lock})
    returning *`.execute(db);
  return rows[0];
}
