import type { ContactMessageReceipt } from '../contracts/contact.ts';
import type { ChannelStats } from '../contracts/dashboard.ts';
import type { Health } from '../contracts/health.ts';
import type { UploadLimits } from '../contracts/limits.ts';
import { endpoint } from '../endpoint.ts';

/** The calls of no single noun: health, limits, the contact form and a channel's stats. */
export const siteApi = {
  health: endpoint<Health>()('GET', '/healthcheck'),
  limits: endpoint<UploadLimits>()('GET', '/limits'),
  contact: endpoint<ContactMessageReceipt>()('POST', '/contact'),
  stats: endpoint<ChannelStats>()('GET', '/dashboard/stats/:channelId'),
};
