/**
 * The tables as Kysely sees them. Times are ISO-8601 strings on both databases (see
 * database.ts: PostgreSQL's timestamptz is parsed to the same string form), so repositories
 * never branch on the dialect.
 */
export interface ContactMessagesTable {
  id: string;
  name: string;
  email: string;
  mobile: string | null;
  message: string;
  created_at: string;
}

export interface Database {
  contact_messages: ContactMessagesTable;
}
