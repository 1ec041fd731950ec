import { describe, expect, it } from 'vitest';
import { consoleHome, consoleRole, mayOpen } from './console-access';

describe('who opens what of the console', () => {
  it('lets admins and coaches in, and nobody else', () => {
    expect(consoleRole('admin')).toBe('admin');
    expect(consoleRole('coach')).toBe('coach');
    expect(consoleRole('user')).toBeNull();
    expect(consoleRole(undefined)).toBeNull();
  });

  it('gives a coach the inbox and its conversations only', () => {
    expect(mayOpen('coach', '/admin/inbox')).toBe(true);
    expect(mayOpen('coach', '/admin/inbox/abc-123')).toBe(true);
    expect(mayOpen('coach', '/admin')).toBe(false);
    expect(mayOpen('coach', '/admin/users')).toBe(false);
    expect(mayOpen('coach', '/admin/saved-replies')).toBe(false);
    expect(mayOpen('coach', '/admin/inbox/abc/notes')).toBe(false);
    expect(consoleHome('coach')).toBe('/admin/inbox');
  });

  it('gives an admin every page', () => {
    expect(mayOpen('admin', '/admin')).toBe(true);
    expect(mayOpen('admin', '/admin/payments')).toBe(true);
    expect(mayOpen('admin', '/admin/inbox/abc')).toBe(true);
    expect(consoleHome('admin')).toBe('/admin');
  });
});
