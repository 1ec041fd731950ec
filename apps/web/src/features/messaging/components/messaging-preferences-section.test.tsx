// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { LANGUAGES } from '@exhale/contract/languages';
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
  language: 'ta',
  opted_out: false,
  whatsapp_available: false,
  sms_available: false,
  push_available: false,
  mobile: null,
  mobile_verified: false,
};

describe('MessagingPreferencesSection', () => {
  it('offers the daily message in every language the library is written in', () => {
    const client = new QueryClient();
    client.setQueryData(messagingPreferencesKey, preferences);
    render(
      <QueryClientProvider client={client}>
        <MemoryRouter>
          <MessagingPreferencesSection />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    const select = screen.getByRole('combobox', { name: 'Write my messages in' });
    const options = within(select).getAllByRole('option') as HTMLOptionElement[];
    expect(options.map((option) => option.value)).toEqual([...LANGUAGES]);
    expect(options.map((option) => option.textContent)).toContain('தமிழ் (Tamil)');
    // A member who chose Tamil sees Tamil selected, not the first option.
    expect((select as HTMLSelectElement).value).toBe('ta');
  });

  it('asks for a quit date only a member who has none, and offers push once a browser accepted', () => {
    const renderWith = (hasQuitPlan: boolean, pushAvailable: boolean) => {
      const client = new QueryClient();
      client.setQueryData(messagingPreferencesKey, {
        ...preferences,
        push_available: pushAvailable,
      });
      return render(
        <QueryClientProvider client={client}>
          <MemoryRouter>
            <MessagingPreferencesSection hasQuitPlan={hasQuitPlan} />
          </MemoryRouter>
        </QueryClientProvider>,
      );
    };
    renderWith(true, false);
    expect(screen.queryByRole('link', { name: 'set your quit plan' })).toBeNull();
    const push = screen.getByRole('option', { name: 'Notifications on this phone' });
    expect((push as HTMLOptionElement).disabled).toBe(true);
    cleanup();

    renderWith(false, true);
    expect(screen.getByText(/You need a quit date:/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'set your quit plan' })).toBeTruthy();
    const enabled = screen.getByRole('option', { name: 'Notifications on this phone' });
    expect((enabled as HTMLOptionElement).disabled).toBe(false);
  });
});
