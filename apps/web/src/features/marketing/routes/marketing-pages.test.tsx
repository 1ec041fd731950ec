// @vitest-environment jsdom
import { cleanup, render, screen, within } from '@testing-library/react';
import type { ComponentType } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import en from '../../../locales/marketing/en.json';
import { initI18n, loadNamespaces } from '../../../lib/i18n';
import { CONTACT_PATH } from '../components/marketing-blocks';
import { CorporatesPage } from './corporates-page';
import { DoctorsPage } from './doctors-page';
import { NonSmokersPage } from './non-smokers-page';
import { SchoolsPage } from './schools-page';

beforeAll(async () => {
  await initI18n();
  await loadNamespaces('marketing');
});
afterEach(cleanup);

const contact = en.contactUs;
const start = en.getStarted;

function show(Page: ComponentType) {
  const router = createMemoryRouter([{ path: '/', element: <Page /> }]);
  render(<RouterProvider router={router} />);
}

/** The card titles of the section headed `heading`, in the order a reader meets them. */
function cardTitles(heading: string) {
  const section = screen.getByRole('heading', { level: 2, name: heading }).closest('section')!;
  return within(section)
    .getAllByRole('heading', { level: 3 })
    .map((title) => title.textContent);
}

describe('marketing pages', () => {
  it("lists each section's cards from the catalogue in the page's order", () => {
    show(CorporatesPage);
    expect(cardTitles(en.corporates.how.title)).toEqual([
      en.corporates.how.steps.talk.title,
      en.corporates.how.steps.launch.title,
      en.corporates.how.steps.support.title,
      en.corporates.how.steps.review.title,
    ]);
    expect(
      screen
        .getByRole('heading', { level: 2, name: en.corporates.how.title })
        .closest('section')!
        .querySelector('ol'),
    ).not.toBeNull();
  });

  it.each([
    ['corporates', CorporatesPage, [contact, start, contact, start]],
    ['schools', SchoolsPage, [contact, start, contact, start]],
    ['non-smokers', NonSmokersPage, [start, contact]],
  ] as const)('the %s page leads every call to action to the contact page', (_, Page, labels) => {
    show(Page);
    const contactLinks = screen
      .getAllByRole('link')
      .filter((link) => link.getAttribute('href') === CONTACT_PATH)
      .map((link) => link.textContent);
    expect(contactLinks).toEqual(labels);
  });

  it("shows the doctors' check lists and the supporters' exercise links", () => {
    show(DoctorsPage);
    expect(screen.getByText(en.doctors.benefits.items.followUp)).toBeInTheDocument();
    cleanup();
    show(NonSmokersPage);
    const exercises = screen
      .getByRole('heading', { level: 3, name: en.nonSmokers.tips.items.exercises.title })
      .closest('li')!;
    expect(
      within(exercises)
        .getAllByRole('link')
        .map((link) => link.getAttribute('href')),
    ).toEqual(['/user/sim-exercise-1', '/user/sim-exercise-2']);
  });
});
