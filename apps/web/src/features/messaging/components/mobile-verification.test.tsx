// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { MessagingPreferences } from '@exhale/contract/messaging';
import { initI18n } from '../../../lib/i18n';
import { messagingPreferencesKey } from '../queries';
import { MessagingPreferencesSection } from './messaging-preferences-section';

beforeAll(async () => {
  await initI18n();
});

afterEach(cleanup);

const preferences: MessagingPreferences = {
  channel: 'none',
  send_at: '09:00',
  language: 'en',
  opted_out: false,
  whatsapp_available: false,
  sms_available: false,
  push_available: false,
  mobile: '9876543210',
  mobile_verified: false,
};

function renderWith(overrides: Partial<MessagingPreferences>) {
  const client = new QueryClient();
  client.setQueryData(messagingPreferencesKey, { ...preferences, ...overrides });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <MessagingPreferencesSection hasQuitPlan />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('the mobile number in the message settings (decision 078)', () => {
  it('keeps the verify step out of sight until SMS is chosen', () => {
    renderWith({});
    expect(screen.queryByRole('group', { name: 'Confirm your mobile number for SMS' })).toBeNull();
    const sms = screen.getByRole('option', { name: 'SMS to my mobile' }) as HTMLOptionElement;
    expect(sms.disabled).toBe(false);
  });

  it('offers the verify step for an unproved number once SMS is chosen', async () => {
    renderWith({});
    fireEvent.change(screen.getByLabelText('Send my messages by'), { target: { value: 'sms' } });
    const step = await screen.findByRole('group', { name: 'Confirm your mobile number for SMS' });
    expect(within(step).getByText(/We will text a 6-digit code to 9876543210\./)).toBeTruthy();
    expect(within(step).getByRole('button', { name: 'Send code' })).toBeTruthy();
  });

  it('offers no SMS without a mobile number, and says where to add one', () => {
    renderWith({ mobile: null });
    const sms = screen.getByRole('option', { name: 'SMS to my mobile' }) as HTMLOptionElement;
    expect(sms.disabled).toBe(true);
    expect(screen.getByText(/SMS needs a mobile number: add it in your profile\./)).toBeTruthy();
  });

  it('says a proved number is verified and offers SMS', () => {
    renderWith({ channel: 'sms', mobile_verified: true, sms_available: true });
    expect(screen.queryByRole('group', { name: 'Confirm your mobile number for SMS' })).toBeNull();
    expect(
      screen.getByText('Mobile number 9876543210 is verified: SMS can go to it.'),
    ).toBeTruthy();
    const sms = screen.getByRole('option', { name: 'SMS to my mobile' }) as HTMLOptionElement;
    expect(sms.disabled).toBe(false);
  });
});
