import { monotonicNow } from '../../clock.ts';
import { randomUUID } from 'node:crypto';
import type { ContactInput, ContactMessageReceipt } from '../../../shared/contracts/contact.ts';
import type { ContactRepository } from './contact.repository.ts';

export class ContactService {
  constructor(
    private readonly repo: ContactRepository,
    private readonly now: () => Date = monotonicNow,
  ) {}

  async receive(input: ContactInput): Promise<ContactMessageReceipt> {
    const id = randomUUID();
    const createdAt = this.now().toISOString();
    await this.repo.insert({
      id,
      name: input.name,
      email: input.email.toLowerCase(),
      mobile: input.mobile ?? null,
      message: input.message,
      createdAt,
    });
    return { _id: id, createdAt };
  }
}
