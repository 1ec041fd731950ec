// @vitest-environment jsdom
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { BackupStatus, formatBytes } from './metrics-page';

// No i18n instance here, so the console's own texts are their keys.
describe('BackupStatus (metrics page)', () => {
  it('shows the last backup’s time, size and place, without warnings when it is recent', () => {
    const at = new Date(Date.now() - 3_600_000).toISOString();
    render(
      <BackupStatus
        backup={{
          at,
          size_bytes: 29_506,
          place: '/srv/exhale/data/backups/exhale-20261125T210000000Z.sql.gz',
          failed_at: null,
        }}
      />,
    );
    expect(screen.getByRole('heading', { name: 'metrics.backup.heading' })).toBeInTheDocument();
    expect(screen.getByText('29.5 kB')).toBeInTheDocument();
    expect(
      screen.getByText('/srv/exhale/data/backups/exhale-20261125T210000000Z.sql.gz'),
    ).toBeInTheDocument();
    expect(screen.queryByText('metrics.backup.stale')).not.toBeInTheDocument();
    expect(screen.queryByText('metrics.backup.failed')).not.toBeInTheDocument();
  });

  it('warns when the latest attempt failed and the newest backup is over 36 hours old', () => {
    render(
      <BackupStatus
        backup={{
          at: new Date(Date.now() - 37 * 3_600_000).toISOString(),
          size_bytes: 1,
          place: 's3://bucket/backups/x.sql.gz',
          failed_at: new Date().toISOString(),
        }}
      />,
    );
    expect(screen.getByText('metrics.backup.failed')).toBeInTheDocument();
    expect(screen.getByText('metrics.backup.stale')).toBeInTheDocument();
  });

  it('says so when there is no backup yet', () => {
    render(<BackupStatus backup={null} />);
    expect(screen.getByText('metrics.backup.none')).toBeInTheDocument();
  });

  it('formats sizes in decimal units', () => {
    expect(formatBytes(512)).toBe('512 bytes');
    expect(formatBytes(12_400_000)).toBe('12.4 MB');
  });
});
