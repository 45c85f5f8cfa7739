import { describe, expect, it } from 'vitest';
import { clientRoutes, matchClientRoute, matchesClientRoute } from '../../src/shared/routes.ts';

describe('matchesClientRoute', () => {
  it('knows every screen of docs/product.md, the outbox, the downloads, the settings and the courses', () => {
    expect(clientRoutes).toHaveLength(34);
    expect(matchClientRoute('/courses/new')).toBe('/courses/new');
    expect(matchClientRoute('/courses/c1')).toBe('/courses/$courseId');
    expect(matchClientRoute('/courses/c1/edit')).toBe('/courses/$courseId/edit');
    expect(matchClientRoute('/courses/c1/lessons/v1')).toBe('/courses/$courseId/lessons/$videoId');
    expect(matchesClientRoute('/outbox')).toBe(true);
    expect(matchesClientRoute('/downloads')).toBe(true);
    expect(matchesClientRoute('/settings')).toBe(true);
    expect(matchesClientRoute('/videos/65f1c0')).toBe(true);
    for (const path of ['/', '/courses', '/blog', '/instructor', '/contact', '/login', '/register']) {
      expect(matchesClientRoute(path), path).toBe(true);
    }
  });

  it('matches parameters by segment, with or without a trailing slash', () => {
    expect(matchesClientRoute('/updatevideo/65f1c0')).toBe(true);
    expect(matchesClientRoute('/userprofile/ana.b/')).toBe(true);
    expect(matchesClientRoute('/updatevideo')).toBe(false);
    expect(matchesClientRoute('/updatevideo/1/2')).toBe(false);
    expect(matchesClientRoute('/updatevideo//')).toBe(false);
  });

  it('refuses unknown paths', () => {
    expect(matchesClientRoute('/admin')).toBe(false);
    expect(matchesClientRoute('/blog/1')).toBe(false);
  });
});
