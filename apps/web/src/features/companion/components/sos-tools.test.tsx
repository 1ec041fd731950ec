// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { initI18n, loadNamespaces } from '../../../lib/i18n';
import { BreathingExercise } from './breathing-exercise';
import { DelayTimer, formatClock } from './delay-timer';

beforeAll(async () => {
  await initI18n();
  await loadNamespaces('companion');
});
beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

const advance = (ms: number) =>
  act(() => {
    vi.advanceTimersByTime(ms);
  });

describe('BreathingExercise', () => {
  it('counts each step down in words a screen reader announces, and counts rounds', () => {
    render(<BreathingExercise />);
    fireEvent.click(screen.getByRole('button', { name: 'Start breathing' }));
    const live = screen.getByText('Breathe in: 4');
    expect(live.getAttribute('aria-live')).toBe('polite');
    advance(1000);
    expect(live.textContent).toBe('Breathe in: 3');
    advance(3000);
    expect(live.textContent).toBe('Hold: 4');
    advance(12_000);
    expect(screen.getByTestId('breathing-cycles').textContent).toBe('Rounds done: 1 of 4');
    advance(48_000);
    expect(live.textContent).toBe(
      'Well done. 4 rounds finished. Notice how the craving has changed.',
    );
    expect(screen.getByRole('button', { name: 'Breathe again' })).toBeInTheDocument();
  });

  it('switches to 4-7-8 and starts over', () => {
    render(<BreathingExercise />);
    fireEvent.click(screen.getByRole('button', { name: 'Start breathing' }));
    advance(5000);
    fireEvent.click(screen.getByRole('radio', { name: 'Calm breathing 4-7-8' }));
    expect(screen.getByText('Press Start and follow the count.')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Start breathing' }));
    advance(4000);
    expect(screen.getByText('Hold: 7')).toBeInTheDocument();
  });

  it('breathes with CSS before a counted session, showing each step by name', () => {
    render(<BreathingExercise />);
    const circle = screen.getByTestId('breathing-circle');
    expect(circle.className).toContain('breathing-guide__circle');
    expect(circle.closest('.breathing-guide')).not.toBeNull();
    expect(screen.getAllByTestId('breathing-guide-step').map((step) => step.textContent)).toEqual([
      'Breathe in',
      'Hold',
      'Breathe out',
      'Hold, lungs empty',
    ]);
    // The counted session takes the circle over.
    fireEvent.click(screen.getByRole('button', { name: 'Start breathing' }));
    expect(screen.getByTestId('breathing-circle').className).not.toContain('breathing-guide');
    expect(screen.queryAllByTestId('breathing-guide-step')).toHaveLength(0);
  });

  it('only grows the circle when motion is welcome', () => {
    render(<BreathingExercise />);
    fireEvent.click(screen.getByRole('button', { name: 'Start breathing' }));
    const circle = screen.getByTestId('breathing-circle');
    // Every scale and transition class is behind motion-safe: reduced motion keeps it still.
    const moving = circle.className.split(' ').filter((c) => /scale|transition/.test(c));
    expect(moving.length).toBeGreaterThan(0);
    expect(moving.every((c) => c.startsWith('motion-safe:'))).toBe(true);
  });
});

describe('DelayTimer', () => {
  it('formats minutes and seconds', () => {
    expect(formatClock(300)).toBe('5:00');
    expect(formatClock(59.2)).toBe('1:00');
    expect(formatClock(9)).toBe('0:09');
    expect(formatClock(-3)).toBe('0:00');
  });

  it('counts five minutes down from its end time and announces the end', () => {
    render(<DelayTimer />);
    const timer = screen.getByRole('timer');
    expect(timer.textContent).toBe('5:00');
    fireEvent.click(screen.getByRole('button', { name: 'Start the 5-minute timer' }));
    advance(60_000);
    expect(timer.textContent).toBe('4:00');
    advance(240_000);
    expect(timer.textContent).toBe('0:00');
    expect(screen.getByText('Five minutes done. You got through it.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Start again' })).toBeInTheDocument();
  });
});
