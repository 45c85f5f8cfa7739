import type {
  ChannelProfile,
  CurrentUser,
  HistoryVideo,
  LoginResult,
  SessionTokens,
} from '../contracts/users.ts';
import type { Paged } from '../contracts/pagination.ts';
import { endpoint } from '../endpoint.ts';

/** Accounts and sessions (docs/api.md, "Users"). */
export const usersApi = {
  register: endpoint<CurrentUser>()('POST', '/users/register'),
  login: endpoint<LoginResult>()('POST', '/users/login'),
  refreshToken: endpoint<SessionTokens>()('POST', '/users/refresh-token'),
  logout: endpoint<null>()('POST', '/users/logout'),
  currentUser: endpoint<CurrentUser>()('GET', '/users/current-user'),
  updateAccount: endpoint<CurrentUser>()('PATCH', '/users/update-account'),
  changePassword: endpoint<null>()('POST', '/users/change-password'),
  avatar: endpoint<CurrentUser>()('PATCH', '/users/avatar'),
  coverImage: endpoint<CurrentUser>()('PATCH', '/users/cover-image'),
  channel: endpoint<ChannelProfile>()('GET', '/users/c/:username'),
  addHistory: endpoint<null>()('POST', '/users/addhistory'),
  history: endpoint<Paged<HistoryVideo>>()('GET', '/users/history'),
};
