import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';

export interface NewContactMessage {
  id: string;
  name: string;
  email: string;
  mobile: string | null;
  message: string;
  createdAt: string;
}

export class ContactRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async insert(row: NewContactMessage): Promise<void> {
    await this.db
      .insertInto('contact_messages')
      .values({
        id: row.id,
        name: row.name,
        email: row.email,
        mobile: row.mobile,
        message: row.message,
        created_at: row.createdAt,
      })
      .execute();
  }

  async findById(id: string): Promise<NewContactMessage | undefined> {
    const row = await this.db
      .selectFrom('contact_messages')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirst();
    if (!row) return undefined;
    return {
      id: row.id,
      name: row.name,
      email: row.email,
      mobile: row.mobile,
      message: row.message,
      createdAt: row.created_at,
    };
  }
}
