import { useEffect } from 'react';
import { Outlet, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PageMeta } from '../../../lib/head';
import { AboutSection } from '../components/about-section';
import { AboutTestSection } from '../components/about-test-section';
import { BookSection } from '../components/book-section';
import { ClosingCta } from '../components/closing-cta';
import { CounterSection } from '../components/counter-section';
import { Hero } from '../components/hero';
import { MethodSection } from '../components/method-section';
import { SimulationTestSection } from '../components/simulation-test-section';
import { SuccessStoriesSection } from '../components/success-stories-section';
import { TestFlowSection } from '../components/test-flow-section';

/**
 * The home page; /login and /signup render it too (spec §2), with their dialog (a child route)
 * in the outlet, so opening or closing a dialog keeps the page underneath as it was.
 */
export function LandingPage() {
  const { t } = useTranslation('landing');
  const { hash } = useLocation();

  // The router scrolls to a #section on in-app navigation, but on a fresh load (a shared
  // "/#success-stories" link) this page's code arrives after that attempt.
  useEffect(() => {
    if (hash) document.getElementById(decodeURIComponent(hash.slice(1)))?.scrollIntoView();
  }, [hash]);

  return (
    <>
      {/* /login and /signup are this page with a dialog open: the page's address is still '/'. */}
      <PageMeta
        title={t('meta.landingTitle')}
        description={t('metaDescription')}
        share={{ path: '/' }}
      />
      {/* The sections in the spec's order (§2 "Landing"); AboutSection is the introduction. */}
      <Hero />
      <AboutTestSection />
      <CounterSection />
      <TestFlowSection />
      <MethodSection />
      <AboutSection />
      <SimulationTestSection />
      <SuccessStoriesSection />
      <BookSection />
      <ClosingCta />
      <Outlet />
    </>
  );
}
