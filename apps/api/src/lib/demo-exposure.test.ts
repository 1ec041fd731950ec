import { describe, expect, it } from 'vitest';
import { demoExposureWarning, isLoopbackHost } from './demo-exposure';

describe('the demo accounts exposure warning', () => {
  it.each([
    '127.0.0.1',
    '127.1.2.3',
    'localhost',
    'LOCALHOST',
    'app.localhost',
    '::1',
    '[::1]',
    '::ffff:127.0.0.1',
  ])('%s is loopback: no warning', (host) => {
    expect(isLoopbackHost(host)).toBe(true);
    expect(
      demoExposureWarning({ HOST: host, SEED_DEMO: true }, 'admin@example.com'),
    ).toBeUndefined();
  });

  it.each([
    '0.0.0.0',
    '::',
    '192.168.1.20',
    '10.0.0.5',
    '::ffff:10.0.0.1',
    'exhale.example',
    '',
    '128.0.0.1',
  ])('%s is reachable from other machines: a warning naming the demo admin', (host) => {
    expect(isLoopbackHost(host)).toBe(false);
    const warning = demoExposureWarning({ HOST: host, SEED_DEMO: true }, 'admin@example.com');
    expect(warning).toContain('WARNING');
    expect(warning).toContain('admin@example.com');
    expect(warning).toContain('HOST=127.0.0.1');
  });

  it('says nothing when no demo accounts are seeded', () => {
    expect(
      demoExposureWarning({ HOST: '0.0.0.0', SEED_DEMO: false }, 'admin@example.com'),
    ).toBeUndefined();
  });
});
