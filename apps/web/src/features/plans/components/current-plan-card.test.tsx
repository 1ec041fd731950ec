// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { initI18n } from '../../../lib/i18n';
import type { CurrentPlan, RefundState } from '../api';
import { CurrentPlanCard } from './current-plan-card';

beforeAll(async () => {
  await initI18n();
});

afterEach(cleanup);

const day = 86_400_000;

function plan(overrides: Partial<CurrentPlan> = {}): CurrentPlan {
  return {
    _id: 'up_1',
    plan_id: {
      _id: 'plan_1',
      name: 'Lifetime Plan',
      description: 'The complete programme.',
      price: 4999,
      price_paise: 499_900,
      special_price: null,
      special_price_paise: null,
      features: [],
      duration: 1,
      duration_type: 'lifetime',
    },
    expiry_date: null,
    status: 'active',
    rejected_reason: null,
    purchased_at: new Date(Date.now() - day).toISOString(),
    refundable_until: new Date(Date.now() + 10 * day).toISOString(),
    payment_id: 'pay_1',
    invoice_id: 'inv_1',
    total: 5898.82,
    total_paise: 589_882,
    ...overrides,
  };
}

function renderCard(value: CurrentPlan, refund: RefundState | null = null) {
  render(
    <QueryClientProvider client={new QueryClient()}>
      <CurrentPlanCard plan={value} refund={refund} />
    </QueryClientProvider>,
  );
}

const cancel = () => screen.queryByRole('button', { name: 'Cancel Membership' });

describe('CurrentPlanCard', () => {
  it('shows the plan, 12 months, a lifetime next due date and the spec buttons', () => {
    renderCard(plan());
    expect(screen.getByRole('heading', { name: 'Lifetime Plan' })).toBeInTheDocument();
    expect(screen.getByText('12 months')).toBeInTheDocument();
    expect(screen.getByText('No renewal (lifetime)')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Change Plan' })).toBeInTheDocument();
    expect(cancel()).not.toBeNull();
    expect(screen.getByRole('button', { name: 'Download invoice' })).toBeInTheDocument();
  });

  it('shows a dated next due date when the plan has one', () => {
    renderCard(plan({ expiry_date: '2027-01-05T06:00:00.000Z' }));
    expect(screen.getByText('5 Jan 2027')).toBeInTheDocument();
  });

  it('asks before filing: amount, what is lost, the last day and an optional reason', () => {
    renderCard(plan({ refundable_until: '2099-01-19T18:30:00.000Z', total_paise: 530_894 }));
    fireEvent.click(cancel()!);
    const dialog = screen.getByRole('dialog', { name: 'Cancel your membership?' });
    expect(dialog.textContent).toContain('You will get back ₹5,308.94');
    expect(dialog.textContent).toContain('The closing live session included in your plan');
    // The closing instant is IST midnight after the last day: the last day is the 19th.
    expect(dialog.textContent).toContain('You can ask for a refund until 19 Jan 2099.');
    expect(
      screen.getByRole('textbox', { name: 'Why are you leaving? (optional)' }),
    ).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Keep my membership' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('shows an open request with its amount, date and reason, and disables the button', () => {
    renderCard(plan({ status: 'refund_requested' }), {
      _id: 'r1',
      status: 'requested',
      amount: 5898.82,
      amount_paise: 589_882,
      reason: 'Too expensive for me now',
      rejected_reason: null,
      requested_at: '2026-01-06T06:00:00.000Z',
      decided_at: null,
    });
    expect(screen.getByText('Refund pending')).toBeInTheDocument();
    expect(screen.getByText('You asked for ₹5,898.82 back on 6 Jan 2026.')).toBeInTheDocument();
    expect(screen.getByText('Your reason: Too expensive for me now')).toBeInTheDocument();
    expect(cancel()).toBeNull();
    expect(
      (screen.getByRole('button', { name: 'Refund requested' }) as HTMLButtonElement).disabled,
    ).toBe(true);
  });

  it('shows a rejected refund with its reason and no way to ask again', () => {
    renderCard(plan({ status: 'refund_rejected', rejected_reason: 'Outside the programme terms' }));
    expect(screen.getByTestId('plan-status').textContent).toBe('Refund rejected');
    expect(
      (screen.getByRole('button', { name: 'Refund rejected' }) as HTMLButtonElement).disabled,
    ).toBe(true);
    expect(screen.getByText('Reason: Outside the programme terms')).toBeInTheDocument();
    expect(cancel()).toBeNull();
  });

  it('hides the refund button once the refund window has closed', () => {
    renderCard(plan({ refundable_until: new Date(Date.now() - day).toISOString() }));
    expect(cancel()).toBeNull();
    expect(screen.getByText(/Refunds could be asked for until/)).toBeInTheDocument();
  });
});
