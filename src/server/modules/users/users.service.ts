import { monotonicNow } from '../../clock.ts';
import { randomUUID } from 'node:crypto';
import type { FieldError } from '../../../shared/contracts/envelope.ts';
import { toPaged, type PageQuery, type Paged } from '../../../shared/contracts/pagination.ts';
import {
  passwordSchema,
  registerFieldsSchema,
  type ChangePasswordInput,
  type ChannelProfile,
  type CurrentUser,
  type HistoryVideo,
  type LoginInput,
  type PublicUser,
  type UpdateAccountInput,
} from '../../../shared/contracts/users.ts';
import { isUniqueViolation, violationDetail } from '../../db/errors.ts';
import { AppError } from '../../errors.ts';
import type { MultipartForm } from '../../multipart-form.ts';
import { storeImage } from '../media/images.ts';
import type { MediaLibrary } from '../media/media-library.ts';
import { checkPassword, hashPassword } from './passwords.ts';
import type { IssuedTokens } from '../../principal.ts';
import type { SessionsService } from './sessions.service.ts';
import type { UserRow, UsersRepository } from './users.repository.ts';

const taken = (field: 'username' | 'email') =>
  new AppError(
    409,
    field === 'username' ? 'This username is taken' : 'An account with this email already exists',
    [{ field, message: field === 'username' ? 'is taken' : 'is already registered' }],
  );

const accountDisabled = () => new AppError(403, 'This account has been turned off by the school.');

export class UsersService {
  constructor(
    private readonly users: UsersRepository,
    private readonly sessions: SessionsService,
    private readonly media: MediaLibrary,
    private readonly now: () => Date = monotonicNow,
  ) {}

  /** The projection anybody may see: never a hash, a token or private data. */
  publicUser(row: UserRow): PublicUser {
    return {
      _id: row.id,
      username: row.username,
      fullName: row.full_name,
      avatar: this.media.storage.url(row.avatar),
      coverImage: row.cover_image ? this.media.storage.url(row.cover_image) : null,
    };
  }

  async currentUser(userId: string): Promise<CurrentUser> {
    const row = await this.users.findById(userId);
    if (!row) throw new AppError(401, 'Your account no longer exists. Please sign in again.');
    return this.ownView(row);
  }

  async register(upload: MultipartForm): Promise<CurrentUser> {
    const parsed = registerFieldsSchema.safeParse(upload.fields);
    const errors: FieldError[] = parsed.success
      ? []
      : parsed.error.issues.map((i) => ({ field: String(i.path[0] ?? ''), message: i.message }));
    if (!upload.files.avatar) errors.push({ field: 'avatar', message: 'Avatar is required' });
    if (!parsed.success || errors.length > 0) throw new AppError(400, 'Some fields are not valid', errors);

    const fields = parsed.data;
    if (await this.users.findByUsername(fields.username)) throw taken('username');
    if (await this.users.findByEmail(fields.email)) throw taken('email');

    const id = randomUUID();
    const stored: string[] = [];
    try {
      const avatar = await storeImage(
        this.media,
        upload.files.avatar!.tempPath,
        'avatar',
        'Avatar',
        'avatar',
      );
      stored.push(avatar);
      let coverImage: string | null = null;
      if (upload.files.coverImage) {
        coverImage = await storeImage(
          this.media,
          upload.files.coverImage.tempPath,
          'cover',
          'Cover image',
          'coverImage',
        );
        stored.push(coverImage);
      }
      const now = this.now().toISOString();
      const row: UserRow = {
        id,
        username: fields.username,
        email: fields.email,
        full_name: fields.fullName,
        password_hash: await hashPassword(fields.password),
        avatar,
        cover_image: coverImage,
        created_at: now,
        updated_at: now,
        disabled_at: null,
      };
      await this.users.insert(row);
      await this.media.settle(stored);
      return this.ownView(row, []);
    } catch (err) {
      await this.media.release(stored);
      if (isUniqueViolation(err)) throw taken(violationDetail(err).includes('email') ? 'email' : 'username');
      throw err;
    }
  }

  async login(input: LoginInput): Promise<{ user: CurrentUser; tokens: IssuedTokens }> {
    const identifier = (input.username || input.email || '').toLowerCase();
    const row = identifier.includes('@')
      ? await this.users.findByEmail(identifier)
      : await this.users.findByUsername(identifier);
    const ok = await checkPassword(row?.password_hash, input.password);
    if (!row || !ok) throw new AppError(401, 'The username/email or password is not correct');
    if (row.disabled_at !== null) throw accountDisabled();
    const tokens = await this.sessions.start(row.id);
    // An administrator may have turned the account off between the read above and the session's
    // row: that disable revoked every session it found, so read again after this one exists.
    if ((await this.users.findById(row.id))?.disabled_at !== null) {
      await this.sessions.end(tokens.sessionId);
      throw accountDisabled();
    }
    return { user: await this.ownView(row), tokens };
  }

  async updateAccount(userId: string, input: UpdateAccountInput): Promise<CurrentUser> {
    const row = await this.requireRow(userId);
    if (input.email && input.email !== row.email) {
      const other = await this.users.findByEmail(input.email);
      if (other && other.id !== userId) throw taken('email');
    }
    const patch = {
      full_name: input.fullName ?? row.full_name,
      email: input.email ?? row.email,
      updated_at: this.now().toISOString(),
    };
    try {
      await this.users.update(userId, patch);
    } catch (err) {
      if (isUniqueViolation(err)) throw taken('email');
      throw err;
    }
    return this.ownView({ ...row, ...patch });
  }

  /** Changes the password and ends every other session of the user (this one stays). */
  async changePassword(userId: string, sessionId: string, input: ChangePasswordInput): Promise<void> {
    const row = await this.requireRow(userId);
    if (!(await checkPassword(row.password_hash, input.oldPassword))) {
      throw new AppError(400, 'The old password is not correct', [
        { field: 'oldPassword', message: 'is not correct' },
      ]);
    }
    await this.users.update(userId, {
      password_hash: await hashPassword(input.newPassword),
      updated_at: this.now().toISOString(),
    });
    await this.sessions.endAllOthers(userId, sessionId);
  }

  /**
   * Replaces the avatar or cover image: the new file is published, the row is pointed at it, and
   * only then is the file it replaced released (docs/api.md, "Media").
   */
  async replaceImage(
    userId: string,
    upload: MultipartForm,
    which: 'avatar' | 'coverImage',
  ): Promise<CurrentUser> {
    const label = which === 'avatar' ? 'Avatar' : 'Cover image';
    const file = upload.files[which];
    if (!file)
      throw new AppError(400, `${label} is required`, [{ field: which, message: `${label} is required` }]);
    await this.requireRow(userId);
    const column = which === 'avatar' ? 'avatar' : 'cover_image';
    const key = await storeImage(
      this.media,
      file.tempPath,
      which === 'avatar' ? 'avatar' : 'cover',
      label,
      which,
    );
    try {
      // Another replacement may commit between the read and the write: then read again, so the
      // file this one makes unused is the one it really replaced.
      for (;;) {
        const row = await this.requireRow(userId);
        const previous = row[column];
        await this.media.releasing(previous);
        if (await this.users.swapImage(userId, column, previous, key, this.now().toISOString())) {
          await this.media.settle([key]);
          await this.media.release([previous]);
          return this.ownView({ ...row, [column]: key });
        }
      }
    } catch (err) {
      await this.media.release([key]);
      throw err;
    }
  }

  async channelProfile(username: string, viewerId: string | undefined): Promise<ChannelProfile> {
    const row = await this.users.channel(username.toLowerCase(), viewerId);
    if (!row) throw new AppError(404, `There is no channel called "${username}"`);
    return {
      ...this.publicUser(row),
      email: row.email,
      createdAt: row.created_at,
      subscribersCount: Number(row.subscribers_count),
      channelsSubscribedToCount: Number(row.subscribed_to_count),
      isSubscribed: Number(row.is_subscribed) > 0,
    };
  }

  async addToHistory(
    userId: string,
    videoId: string,
  ): Promise<{ videoId: string; views: number; watchedAt: string }> {
    const watchedAt = this.now().toISOString();
    const views = await this.users.addToHistory(userId, videoId, watchedAt);
    if (views === undefined) throw new AppError(404, 'This video does not exist (it may have been deleted)');
    return { videoId, views, watchedAt };
  }

  async history(userId: string, page: PageQuery): Promise<Paged<HistoryVideo>> {
    const { rows, total } = await this.users.history(userId, page);
    const docs = rows.map((r) => ({
      _id: r.id,
      title: r.title,
      description: r.description,
      thumbnail: this.media.storage.url(r.thumbnail),
      videoFile: this.media.storage.url(r.video_file),
      duration: Number(r.duration),
      views: Number(r.views),
      createdAt: r.created_at,
      watchedAt: r.watched_at,
      owner: {
        _id: r.owner_id,
        username: r.owner_username,
        fullName: r.owner_full_name,
        avatar: this.media.storage.url(r.owner_avatar),
      },
    }));
    return toPaged(docs, page, total);
  }

  /**
   * An administrator's new password for a user (`npm run admin -- reset-password`): every session
   * of the user ends, so whoever knew the old password is signed out everywhere.
   */
  async resetPassword(username: string, password: string): Promise<{ user: UserRow; sessionsEnded: number }> {
    const user = await this.requireUsername(username);
    const checked = passwordSchema.safeParse(password);
    if (!checked.success) throw new AppError(400, checked.error.issues[0]!.message);
    await this.users.update(user.id, {
      password_hash: await hashPassword(checked.data),
      updated_at: this.now().toISOString(),
    });
    return { user, sessionsEnded: await this.sessions.endAll(user.id) };
  }

  /**
   * Turns an account off or on (`npm run admin -- disable|enable`). Off: it cannot sign in and
   * every session ends; its videos, comments and posts stay. Answers whether anything changed.
   */
  async setDisabled(
    username: string,
    disabled: boolean,
  ): Promise<{ user: UserRow; changed: boolean; sessionsEnded: number }> {
    const user = await this.requireUsername(username);
    const changed = await this.users.setDisabled(user.id, disabled ? this.now().toISOString() : null);
    // Ended even when it was already off: a session a racing sign-in made is caught here too.
    const sessionsEnded = disabled ? await this.sessions.endAll(user.id) : 0;
    return { user, changed, sessionsEnded };
  }

  private async requireUsername(username: string): Promise<UserRow> {
    const row = await this.users.findByUsername(username.trim().toLowerCase());
    if (!row) throw new AppError(404, `There is no user called "${username}"`);
    return row;
  }

  private async requireRow(userId: string): Promise<UserRow> {
    const row = await this.users.findById(userId);
    if (!row) throw new AppError(401, 'Your account no longer exists. Please sign in again.');
    return row;
  }

  private async ownView(row: UserRow, history?: string[]): Promise<CurrentUser> {
    return {
      ...this.publicUser(row),
      email: row.email,
      createdAt: row.created_at,
      watchHistory: history ?? (await this.users.recentHistoryIds(row.id)),
    };
  }
}
