import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { databaseKinds } from '../helpers/databases.ts';
import {
  bearer,
  fakePng,
  jpegWithExif,
  json,
  multipart,
  png,
  register,
  registerAndSignIn,
  signIn,
} from '../helpers/http.ts';
import { createTestServer, type TestServer } from '../helpers/server.ts';

/** Every file under the media folder (uploads in progress included), relative to it. */
function mediaFiles(server: TestServer): string[] {
  const root = server.config.mediaDir;
  if (!fs.existsSync(root)) return [];
  return (fs.readdirSync(root, { recursive: true }) as string[]).filter((f) =>
    fs.statSync(path.join(root, f)).isFile(),
  );
}

const SECRET_PATTERNS = [/argon2/i, /password/i, /refresh_hash/i, /passwordHash/i];
const expectNoSecrets = (body: string) => {
  for (const pattern of SECRET_PATTERNS) expect(body).not.toMatch(pattern);
};

describe.each(databaseKinds)('accounts on %s', (kind) => {
  let server: TestServer;
  beforeEach(async () => {
    server = await createTestServer(kind);
  });
  afterEach(async () => {
    await server.close();
  });

  describe('register', () => {
    it('creates the account with re-encoded images and answers 201 with its public fields', async () => {
      const avatarIn = await jpegWithExif();
      const cover = await png(2400, 1200);
      const body = await multipart({
        username: 'Asha_K',
        email: 'Asha@School.Example',
        fullName: 'Asha Kumari',
        password: 'correct horse battery',
        avatar: avatarIn,
        coverImage: cover,
      });
      const res = await server.app.inject({ method: 'POST', url: '/api/v1/users/register', ...body });
      expect(res.statusCode).toBe(201);
      expectNoSecrets(res.body);
      const { data, message } = json(res);
      expect(message).toBe('Your account was created. Please sign in.');
      expect(data).toMatchObject({
        username: 'asha_k',
        email: 'asha@school.example',
        fullName: 'Asha Kumari',
        watchHistory: [],
      });
      expect(data.avatar).toMatch(/^\/media\/images\/[0-9a-f]{32}\.webp$/);
      expect(data.coverImage).toMatch(/^\/media\/images\/[0-9a-f]{32}\.webp$/);

      const avatar = await server.app.inject({ method: 'GET', url: data.avatar });
      expect(avatar.statusCode).toBe(200);
      expect(avatar.headers['content-type']).toBe('image/webp');
      expect(avatar.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      const meta = await sharp(avatar.rawPayload).metadata();
      expect(meta.format).toBe('webp');
      expect([meta.width, meta.height]).toEqual([256, 256]);
      expect(meta.exif).toBeUndefined();
      expect(avatar.rawPayload.equals(avatarIn.data)).toBe(false);
      expect(avatar.rawPayload.includes(Buffer.from('Secret Camera Owner'))).toBe(false);

      const coverOut = await sharp(
        (await server.app.inject({ method: 'GET', url: data.coverImage })).rawPayload,
      ).metadata();
      expect(coverOut.width).toBeLessThanOrEqual(1600);
      expect(coverOut.height).toBeLessThanOrEqual(900);
    });

    it('refuses bad fields one by one and keeps nothing', async () => {
      const body = await multipart({ username: 'a!', email: 'nope', fullName: '', password: 'short' });
      const res = await server.app.inject({ method: 'POST', url: '/api/v1/users/register', ...body });
      expect(res.statusCode).toBe(400);
      expect(json(res).errors).toEqual(
        expect.arrayContaining([
          { field: 'username', message: 'Username must be 3 to 30 characters' },
          { field: 'email', message: 'Email is not a valid e-mail address' },
          { field: 'fullName', message: 'Full name is required' },
          { field: 'password', message: 'Password must be 8 to 128 characters' },
          { field: 'avatar', message: 'Avatar is required' },
        ]),
      );
      expect(mediaFiles(server)).toEqual([]);
    });

    it('answers 409 for a taken username or e-mail, whatever its case, and leaves no file', async () => {
      expect((await register(server.app, 'ravi')).statusCode).toBe(201);
      const filesBefore = mediaFiles(server);

      const sameName = await register(server.app, 'RAVI', { email: 'other@school.example' });
      expect(sameName.statusCode).toBe(409);
      expect(json(sameName).errors).toEqual([{ field: 'username', message: 'is taken' }]);

      const sameEmail = await register(server.app, 'ravi2', { email: 'Ravi@School.Example' });
      expect(sameEmail.statusCode).toBe(409);
      expect(json(sameEmail).errors).toEqual([{ field: 'email', message: 'is already registered' }]);
      expect(mediaFiles(server)).toEqual(filesBefore);
    });

    it('refuses a text file named .png with 415 and leaves no file and no row', async () => {
      const body = await multipart({
        username: 'mallory',
        email: 'm@school.example',
        fullName: 'M',
        password: 'correct horse battery',
        avatar: fakePng(),
      });
      const res = await server.app.inject({ method: 'POST', url: '/api/v1/users/register', ...body });
      expect(res.statusCode).toBe(415);
      expect(json(res)).toMatchObject({
        success: false,
        message: 'Avatar must be a JPEG, PNG, WebP, GIF or AVIF image',
      });
      expect(mediaFiles(server)).toEqual([]);
      const login = await server.app.inject({
        method: 'POST',
        url: '/api/v1/users/login',
        payload: { username: 'mallory', password: 'correct horse battery' },
      });
      expect(login.statusCode).toBe(401);
    });

    it('refuses an image over the size limit with 413 and leaves nothing', async () => {
      const small = await createTestServer(kind, { env: { MAX_IMAGE_BYTES: '20000' } });
      try {
        const body = await multipart({
          username: 'bigpic',
          email: 'b@school.example',
          fullName: 'B',
          password: 'correct horse battery',
          avatar: await jpegWithExif(2000, 2000),
        });
        const res = await small.app.inject({ method: 'POST', url: '/api/v1/users/register', ...body });
        expect(res.statusCode).toBe(413);
        expect(json(res).message).toMatch(/^Avatar is larger than 0 MB|^Avatar is larger than/);
        expect(json(res).errors).toEqual([
          { field: 'avatar', message: expect.stringMatching(/^must be at most/) },
        ]);
        expect(mediaFiles(small)).toEqual([]);
      } finally {
        await small.close();
      }
    });

    it('refuses a JSON body: registration needs the form with its files', async () => {
      const res = await server.app.inject({
        method: 'POST',
        url: '/api/v1/users/register',
        payload: { username: 'x', password: 'y' },
      });
      expect(res.statusCode).toBe(415);
    });
  });

  describe('sign-in and sessions', () => {
    it('signs in by username or e-mail and sets httpOnly SameSite=Lax cookies', async () => {
      await register(server.app, 'meena');
      for (const login of ['meena', 'MEENA', 'meena@school.example']) {
        const res = await server.app.inject({
          method: 'POST',
          url: '/api/v1/users/login',
          payload: { username: login, password: 'correct horse battery' },
        });
        expect(res.statusCode, login).toBe(200);
        const { data } = json(res);
        expect(data.user.username).toBe('meena');
        expect(data.accessToken).toEqual(expect.any(String));
        expect(data.refreshToken).toEqual(expect.any(String));
        for (const name of ['accessToken', 'refreshToken']) {
          const c = res.cookies.find((x) => x.name === name);
          expect(c, name).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
        }
        expectNoSecrets(JSON.stringify(data.user));
      }
      const byEmailField = await server.app.inject({
        method: 'POST',
        url: '/api/v1/users/login',
        payload: { email: 'meena@school.example', password: 'correct horse battery' },
      });
      expect(byEmailField.statusCode).toBe(200);
    });

    it('answers 401 with the same message for a wrong password and an unknown user', async () => {
      await register(server.app, 'meena');
      const wrong = await server.app.inject({
        method: 'POST',
        url: '/api/v1/users/login',
        payload: { username: 'meena', password: 'wrong password!' },
      });
      const unknown = await server.app.inject({
        method: 'POST',
        url: '/api/v1/users/login',
        payload: { username: 'nobody', password: 'wrong password!' },
      });
      expect(wrong.statusCode).toBe(401);
      expect(unknown.statusCode).toBe(401);
      expect(json(wrong).message).toBe(json(unknown).message);
      const missing = await server.app.inject({ method: 'POST', url: '/api/v1/users/login', payload: {} });
      expect(missing.statusCode).toBe(400);
      expect(json(missing).errors).toEqual(
        expect.arrayContaining([{ field: 'password', message: 'Password is required' }]),
      );
    });

    it('knows the current user by Bearer token and by cookie, and no one without a session', async () => {
      const me = await registerAndSignIn(server.app, 'kiran');
      const anonymous = await server.app.inject({ method: 'GET', url: '/api/v1/users/current-user' });
      expect(anonymous.statusCode).toBe(401);
      expect(json(anonymous).message).toBe('Sign in to do this.');

      const viaBearer = await server.app.inject({
        method: 'GET',
        url: '/api/v1/users/current-user',
        headers: bearer(me),
      });
      const viaCookie = await server.app.inject({
        method: 'GET',
        url: '/api/v1/users/current-user',
        headers: { cookie: me.cookie },
      });
      for (const res of [viaBearer, viaCookie]) {
        expect(res.statusCode).toBe(200);
        expectNoSecrets(res.body);
        expect(Object.keys(json(res).data).sort()).toEqual(
          [
            '_id',
            'avatar',
            'coverImage',
            'createdAt',
            'email',
            'fullName',
            'username',
            'watchHistory',
          ].sort(),
        );
      }
      const forged = await server.app.inject({
        method: 'GET',
        url: '/api/v1/users/current-user',
        headers: { authorization: `Bearer ${me.accessToken.slice(0, -3)}abc` },
      });
      expect(forged.statusCode).toBe(401);
    });

    it('rotates the refresh token, and revokes the session when an old one is used again', async () => {
      const me = await registerAndSignIn(server.app, 'devi');
      const first = await server.app.inject({
        method: 'POST',
        url: '/api/v1/users/refresh-token',
        payload: { refreshToken: me.refreshToken },
      });
      expect(first.statusCode).toBe(200);
      const rotated = json(first).data;
      expect(rotated.refreshToken).not.toBe(me.refreshToken);

      const withNew = await server.app.inject({
        method: 'GET',
        url: '/api/v1/users/current-user',
        headers: { authorization: `Bearer ${rotated.accessToken}` },
      });
      expect(withNew.statusCode).toBe(200);

      // The old refresh token again: someone copied it. The whole session ends.
      const reuse = await server.app.inject({
        method: 'POST',
        url: '/api/v1/users/refresh-token',
        payload: { refreshToken: me.refreshToken },
      });
      expect(reuse.statusCode).toBe(401);
      for (const token of [me.accessToken, rotated.accessToken]) {
        const res = await server.app.inject({
          method: 'GET',
          url: '/api/v1/users/current-user',
          headers: { authorization: `Bearer ${token}` },
        });
        expect(res.statusCode).toBe(401);
      }
      const newAfterReuse = await server.app.inject({
        method: 'POST',
        url: '/api/v1/users/refresh-token',
        payload: { refreshToken: rotated.refreshToken },
      });
      expect(newAfterReuse.statusCode).toBe(401);
    });

    it('refreshes from the cookie alone', async () => {
      const me = await registerAndSignIn(server.app, 'farah');
      const res = await server.app.inject({
        method: 'POST',
        url: '/api/v1/users/refresh-token',
        headers: { cookie: me.cookie, origin: 'http://localhost:80' },
      });
      expect(res.statusCode).toBe(200);
      expect(res.cookies.find((c) => c.name === 'accessToken')?.value).toBe(json(res).data.accessToken);
    });

    it('logout ends the session at once: its access and refresh tokens stop working', async () => {
      const me = await registerAndSignIn(server.app, 'gopal');
      const out = await server.app.inject({
        method: 'POST',
        url: '/api/v1/users/logout',
        headers: bearer(me),
      });
      expect(out.statusCode).toBe(200);
      expect(out.cookies.find((c) => c.name === 'accessToken')?.value).toBe('');
      const after = await server.app.inject({
        method: 'GET',
        url: '/api/v1/users/current-user',
        headers: bearer(me),
      });
      expect(after.statusCode).toBe(401);
      const refresh = await server.app.inject({
        method: 'POST',
        url: '/api/v1/users/refresh-token',
        payload: { refreshToken: me.refreshToken },
      });
      expect(refresh.statusCode).toBe(401);
    });

    it('change-password checks the old one, ends the other sessions and keeps this one', async () => {
      await register(server.app, 'hema');
      const laptop = await signIn(server.app, 'hema');
      const phone = await signIn(server.app, 'hema');

      const wrongOld = await server.app.inject({
        method: 'POST',
        url: '/api/v1/users/change-password',
        headers: bearer(laptop),
        payload: { oldPassword: 'not it at all', newPassword: 'a brand new secret' },
      });
      expect(wrongOld.statusCode).toBe(400);
      expect(json(wrongOld).errors).toEqual([{ field: 'oldPassword', message: 'is not correct' }]);

      const tooShort = await server.app.inject({
        method: 'POST',
        url: '/api/v1/users/change-password',
        headers: bearer(laptop),
        payload: { oldPassword: 'correct horse battery', newPassword: 'short' },
      });
      expect(tooShort.statusCode).toBe(400);
      expect(json(tooShort).errors).toEqual([
        { field: 'newPassword', message: 'Password must be 8 to 128 characters' },
      ]);

      const changed = await server.app.inject({
        method: 'POST',
        url: '/api/v1/users/change-password',
        headers: bearer(laptop),
        payload: { oldPassword: 'correct horse battery', newPassword: 'a brand new secret' },
      });
      expect(changed.statusCode).toBe(200);

      const me = (s: typeof laptop) =>
        server.app.inject({ method: 'GET', url: '/api/v1/users/current-user', headers: bearer(s) });
      expect((await me(laptop)).statusCode).toBe(200);
      expect((await me(phone)).statusCode).toBe(401);
      await expect(signIn(server.app, 'hema')).rejects.toThrow(/401/);
      expect((await signIn(server.app, 'hema', 'a brand new secret')).username).toBe('hema');
    });
  });

  describe('browser writes need this site as their Origin', () => {
    it('refuses a cookie-authenticated write with no Origin or a foreign one', async () => {
      const me = await registerAndSignIn(server.app, 'isha');
      const update = (headers: Record<string, string>) =>
        server.app.inject({
          method: 'PATCH',
          url: '/api/v1/users/update-account',
          headers,
          payload: { fullName: 'Isha R' },
        });

      const noOrigin = await update({ cookie: me.cookie });
      expect(noOrigin.statusCode).toBe(403);
      const foreign = await update({ cookie: me.cookie, origin: 'https://evil.example' });
      expect(foreign.statusCode).toBe(403);
      expect(json(foreign).message).toBe('This request came from another site and was refused.');
      const current = await server.app.inject({
        method: 'GET',
        url: '/api/v1/users/current-user',
        headers: bearer(me),
      });
      expect(json(current).data.fullName).toBe('Student isha');

      expect((await update({ cookie: me.cookie, origin: 'http://localhost:80' })).statusCode).toBe(200);
      expect((await update(bearer(me))).statusCode).toBe(200);
    });

    it('refuses a sign-in posted from another site', async () => {
      await register(server.app, 'jaya');
      const res = await server.app.inject({
        method: 'POST',
        url: '/api/v1/users/login',
        headers: { origin: 'https://evil.example' },
        payload: { username: 'jaya', password: 'correct horse battery' },
      });
      expect(res.statusCode).toBe(403);
    });
  });

  describe('account details and images', () => {
    it('updates full name and e-mail, refusing an e-mail someone else has', async () => {
      await register(server.app, 'other');
      const me = await registerAndSignIn(server.app, 'lata');
      const patch = (payload: object) =>
        server.app.inject({
          method: 'PATCH',
          url: '/api/v1/users/update-account',
          headers: bearer(me),
          payload,
        });

      const ok = await patch({ fullName: '  Lata Mangesh ', email: 'Lata.M@School.Example' });
      expect(ok.statusCode).toBe(200);
      expect(json(ok).data).toMatchObject({ fullName: 'Lata Mangesh', email: 'lata.m@school.example' });

      const clash = await patch({ email: 'other@school.example' });
      expect(clash.statusCode).toBe(409);
      expect(json(clash).errors).toEqual([{ field: 'email', message: 'is already registered' }]);

      const empty = await patch({});
      expect(empty.statusCode).toBe(400);
      const badEmail = await patch({ email: 'not-an-email' });
      expect(json(badEmail).errors).toEqual([
        { field: 'email', message: 'Email is not a valid e-mail address' },
      ]);
      const anonymous = await server.app.inject({
        method: 'PATCH',
        url: '/api/v1/users/update-account',
        payload: { fullName: 'X' },
      });
      expect(anonymous.statusCode).toBe(401);
    });

    it('replaces the avatar and the cover image, deleting the old files', async () => {
      const me = await registerAndSignIn(server.app, 'mira');
      const before = json(
        await server.app.inject({ method: 'GET', url: '/api/v1/users/current-user', headers: bearer(me) }),
      ).data;
      const oldAvatarFile = path.join(server.config.mediaDir, before.avatar.replace('/media/', ''));
      expect(fs.existsSync(oldAvatarFile)).toBe(true);

      const avatarBody = await multipart({ avatar: await jpegWithExif(500, 500, 100) });
      const avatar = await server.app.inject({
        method: 'PATCH',
        url: '/api/v1/users/avatar',
        headers: { ...bearer(me), ...avatarBody.headers },
        payload: avatarBody.payload,
      });
      expect(avatar.statusCode).toBe(200);
      expect(json(avatar).data.avatar).not.toBe(before.avatar);
      expect(fs.existsSync(oldAvatarFile)).toBe(false);
      expect((await server.app.inject({ method: 'GET', url: json(avatar).data.avatar })).statusCode).toBe(
        200,
      );

      const coverBody = await multipart({ coverImage: await png(1000, 400) });
      const cover = await server.app.inject({
        method: 'PATCH',
        url: '/api/v1/users/cover-image',
        headers: { ...bearer(me), ...coverBody.headers },
        payload: coverBody.payload,
      });
      expect(cover.statusCode).toBe(200);
      expect(json(cover).data.coverImage).toMatch(/^\/media\/images\/.+\.webp$/);

      const fakeBody = await multipart({ avatar: fakePng() });
      const fake = await server.app.inject({
        method: 'PATCH',
        url: '/api/v1/users/avatar',
        headers: { ...bearer(me), ...fakeBody.headers },
        payload: fakeBody.payload,
      });
      expect(fake.statusCode).toBe(415);
      const after = json(
        await server.app.inject({ method: 'GET', url: '/api/v1/users/current-user', headers: bearer(me) }),
      ).data;
      expect(after.avatar).toBe(json(avatar).data.avatar);
      expect(mediaFiles(server).sort()).toEqual(
        [after.avatar, after.coverImage].map((u: string) => u.replace('/media/', '')).sort(),
      );

      const missing = await multipart({ note: 'no file' });
      const none = await server.app.inject({
        method: 'PATCH',
        url: '/api/v1/users/avatar',
        headers: { ...bearer(me), ...missing.headers },
        payload: missing.payload,
      });
      expect(none.statusCode).toBe(400);
      expect(json(none).errors).toEqual([{ field: 'avatar', message: 'Avatar is required' }]);
    });

    it('never serves uploads in progress', async () => {
      fs.mkdirSync(path.join(server.config.mediaDir, '.tmp'), { recursive: true });
      fs.writeFileSync(path.join(server.config.mediaDir, '.tmp', 'partial'), 'half an upload');
      const res = await server.app.inject({ method: 'GET', url: '/media/.tmp/partial' });
      expect(res.statusCode).toBe(404);
    });
  });
});
