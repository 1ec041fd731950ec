// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { initI18n } from '../../../lib/i18n';
import type { CurrentPlan } from '../api';
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

function renderCard(value: CurrentPlan) {
  render(
    <QueryClientProvider client={new QueryClient()}>
      <CurrentPlanCard plan={value} />
    </QueryClientProvider>,
  );
}

const cancel = () => screen.queryByRole('button', { name: 'Cancel Membership' });

describe('CurrentPlanCard', () => {
  it('shows the plan, 12 months, a lifetime next due date and the spec buttons', () => {
    renderCard(plan());
    expect(screen.getByRole('heading', { name: 'Lifetime Plan' })).toBeTruthy();
    expect(screen.getByText('12 months')).toBeTruthy();
    expect(screen.getByText('No renewal (lifetime)')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Change Plan' })).toBeTruthy();
    expect(cancel()).not.toBeNull();
    expect(screen.getByRole('button', { name: 'Download invoice' })).toBeTruthy();
  });

  it('shows a dated next due date when the plan has one', () => {
    renderCard(plan({ expiry_date: '2027-01-05T06:00:00.000Z' }));
    expect(screen.getByText('5 Jan 2027')).toBeTruthy();
  });

  it('keeps the refund button while a request is open, so a repeat is answered', () => {
    renderCard(plan({ status: 'refund_requested' }));
    expect(screen.getByText('Refund requested')).toBeTruthy();
    expect(cancel()).not.toBeNull();
  });

  it('shows a rejected refund with its reason and no way to ask again', () => {
    renderCard(plan({ status: 'refund_rejected', rejected_reason: 'Outside the programme terms' }));
    expect(screen.getByText('Refund rejected')).toBeTruthy();
    expect(screen.getByText('Reason: Outside the programme terms')).toBeTruthy();
    expect(cancel()).toBeNull();
  });

  it('hides the refund button once the refund window has closed', () => {
    renderCard(plan({ refundable_until: new Date(Date.now() - day).toISOString() }));
    expect(cancel()).toBeNull();
    expect(screen.getByText(/The refund window closed on/)).toBeTruthy();
  });
});
