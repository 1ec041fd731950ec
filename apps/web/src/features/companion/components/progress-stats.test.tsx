// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { initI18n, loadNamespaces } from '../../../lib/i18n';
import type { Progress } from '../api';
import { NextMilestone, ProgressStats } from './progress-stats';

beforeAll(async () => {
  await initI18n();
  await loadNamespaces('companion');
});
afterEach(cleanup);

const progress: Progress = {
  quit_date: '2025-12-01',
  today: '2026-11-25',
  started: true,
  elapsed_days: 359,
  smoke_free_since: '2026-10-01T10:00:00.000Z',
  days_smoke_free: 55,
  longest_streak_days: 120,
  not_used: 3_580,
  money_saved: 123_456.5,
  money_saved_paise: 12_345_650,
  slips: 3,
  milestones: [],
  next_milestone: {
    key: 'heart_risk_half',
    after_hours: 8760,
    due_at: '2027-10-01T10:00:00.000Z',
    progress: 0.15,
  },
};

describe('ProgressStats', () => {
  it("shows the server's numbers, money in Indian digit grouping", () => {
    render(<ProgressStats progress={progress} />);
    expect(screen.getByTestId('days-smoke-free').textContent).toBe('55');
    expect(screen.getByTestId('money-saved').textContent).toBe('₹1,23,456.50');
    expect(screen.getByTestId('not-used').textContent).toBe('3580');
    expect(screen.getByTestId('longest-streak').textContent).toBe('120 days');
    expect(screen.getByTestId('slips').textContent).toBe('3');
  });

  it("names the unit of the 'not used' count from the plan's tobacco", () => {
    render(<ProgressStats progress={{ ...progress, not_used: 150 }} tobacco={['bidi']} />);
    expect(screen.getByText('Bidis not smoked').nextSibling?.textContent).toBe('150');
    cleanup();
    render(<ProgressStats progress={progress} tobacco={['cigarette', 'gutka']} compact />);
    expect(screen.getByText('Sticks and packets not used')).toBeInTheDocument();
  });

  it('draws the ring from the server’s share and says it in words', () => {
    render(<NextMilestone progress={progress} />);
    expect(
      screen.getByRole('img', {
        name: '15% of the way to: Your risk of coronary heart disease is about half that of a smoker.',
      }),
    ).toBeInTheDocument();
  });
});
