import fs from 'node:fs';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import sharp from 'sharp';

export interface FilePart {
  filename: string;
  type: string;
  data: Buffer;
}

/** A multipart/form-data body built by the platform's own FormData, as a browser would send it. */
export async function multipart(parts: Record<string, string | FilePart | undefined>) {
  const form = new FormData();
  for (const [name, value] of Object.entries(parts)) {
    if (value === undefined) continue;
    if (typeof value === 'string') form.append(name, value);
    else form.append(name, new Blob([new Uint8Array(value.data)], { type: value.type }), value.filename);
  }
  const encoded = new Response(form);
  return {
    payload: Buffer.from(await encoded.arrayBuffer()),
    headers: { 'content-type': encoded.headers.get('content-type') ?? '' },
  };
}

/** A real photo-like JPEG carrying camera metadata that must not survive an upload. */
export async function jpegWithExif(width = 800, height = 600, hue = 30): Promise<FilePart> {
  const data = await sharp({
    create: { width, height, channels: 3, background: { r: 200, g: 90 + hue, b: 40 } },
  })
    .jpeg({ quality: 90 })
    .withExif({ IFD0: { Artist: 'Secret Camera Owner', ImageDescription: 'home address 12 Hidden Lane' } })
    .toBuffer();
  return { filename: 'photo.jpg', type: 'image/jpeg', data };
}

export async function png(width = 300, height = 300): Promise<FilePart> {
  const data = await sharp({ create: { width, height, channels: 4, background: '#0f5e6e' } })
    .png()
    .toBuffer();
  return { filename: 'cover.png', type: 'image/png', data };
}

/** A text file that claims to be a PNG by name and declared type. */
export const fakePng = (): FilePart => ({
  filename: 'avatar.png',
  type: 'image/png',
  data: Buffer.from('this is not an image at all, just text pretending to be one\n'.repeat(20)),
});

/** The envelope of an answer; `data` is loosely typed because each test checks its shape itself. */
export function json(res: LightMyRequestResponse) {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests assert the payload's shape field by field
  return res.json() as { statusCode: number; success: boolean; message: string; data: any; errors?: any[] };
}

export interface SignedIn {
  userId: string;
  username: string;
  accessToken: string;
  refreshToken: string;
  /** The Cookie header a browser would send after this sign-in. */
  cookie: string;
}

export async function register(
  app: FastifyInstance,
  username: string,
  extra: Partial<Record<'email' | 'fullName' | 'password', string>> & { coverImage?: FilePart } = {},
) {
  const body = await multipart({
    username,
    email: extra.email ?? `${username}@school.example`,
    fullName: extra.fullName ?? `Student ${username}`,
    password: extra.password ?? 'correct horse battery',
    avatar: await jpegWithExif(),
    coverImage: extra.coverImage,
  });
  return app.inject({ method: 'POST', url: '/api/v1/users/register', ...body });
}

export async function signIn(
  app: FastifyInstance,
  login: string,
  password = 'correct horse battery',
): Promise<SignedIn> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/v1/users/login',
    payload: { username: login, password },
  });
  if (res.statusCode !== 200) throw new Error(`login failed: ${res.statusCode} ${res.body}`);
  const { data } = json(res);
  const cookie = res.cookies.map((c) => `${c.name}=${c.value}`).join('; ');
  return {
    userId: data.user._id,
    username: data.user.username,
    accessToken: data.accessToken,
    refreshToken: data.refreshToken,
    cookie,
  };
}

export async function registerAndSignIn(app: FastifyInstance, username: string): Promise<SignedIn> {
  const res = await register(app, username);
  if (res.statusCode !== 201) throw new Error(`register failed: ${res.statusCode} ${res.body}`);
  return signIn(app, username);
}

export const bearer = (s: SignedIn) => ({ authorization: `Bearer ${s.accessToken}` });

const fixtures = new URL('../fixtures/', import.meta.url);

/** The small real clips in tests/fixtures (made by scripts/make-test-clips.sh). */
export function clip(kind: 'mp4' | 'webm'): FilePart {
  return {
    filename: `clip.${kind}`,
    type: `video/${kind}`,
    data: fs.readFileSync(new URL(`clip.${kind}`, fixtures)),
  };
}

export async function uploadVideo(
  app: FastifyInstance,
  who: SignedIn,
  fields: {
    title?: string;
    description?: string;
    duration?: string;
    videoFile?: FilePart;
    thumbnail?: FilePart;
  } = {},
) {
  const body = await multipart({
    title: fields.title ?? 'Fractions in ten minutes',
    description: fields.description ?? 'Halves, thirds and quarters with pictures.',
    duration: fields.duration,
    videoFile: 'videoFile' in fields ? fields.videoFile : clip('mp4'),
    thumbnail: 'thumbnail' in fields ? fields.thumbnail : await png(640, 360),
  });
  return app.inject({
    method: 'POST',
    url: '/api/v1/videos',
    headers: { ...bearer(who), ...body.headers },
    payload: body.payload,
  });
}

export type ApiCall = [
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  path: string,
  who?: SignedIn,
  payload?: object,
];

/** `/api/v1{path}` on the app, as `who` (or signed out), with a JSON body when one is given. */
export function apiCall(app: FastifyInstance, ...[method, path, who, payload]: ApiCall) {
  return app.inject({
    method,
    url: `/api/v1${path}`,
    headers: who ? bearer(who) : {},
    ...(payload ? { payload } : {}),
  });
}
