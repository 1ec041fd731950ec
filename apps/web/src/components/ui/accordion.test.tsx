// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { Accordion, toggleOpenItem } from './accordion';

afterEach(cleanup);

describe('toggleOpenItem', () => {
  it('opens the pressed item when none is open', () => {
    expect(toggleOpenItem(null, 'a')).toBe('a');
  });

  it('opening another item closes the open one', () => {
    expect(toggleOpenItem('a', 'b')).toBe('b');
  });

  it('pressing the open item closes it', () => {
    expect(toggleOpenItem('b', 'b')).toBeNull();
  });
});

describe('Accordion', () => {
  const items = [
    { id: 'age', title: 'How old do I need to be?', content: '18 or older.' },
    { id: 'cost', title: 'Is it free?', content: 'The roadmap is free.' },
  ];
  const button = (name: string) => screen.getByRole('button', { name });

  it('keeps at most one panel open, and the open one closes on a second press', () => {
    render(<Accordion items={items} />);
    const age = button('How old do I need to be?');
    const cost = button('Is it free?');
    expect(age.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByRole('region')).not.toBeInTheDocument();

    fireEvent.click(age);
    expect(age.getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByRole('region', { name: 'How old do I need to be?' }).textContent).toBe(
      '18 or older.',
    );

    fireEvent.click(cost);
    expect(age.getAttribute('aria-expanded')).toBe('false');
    expect(cost.getAttribute('aria-expanded')).toBe('true');
    expect(screen.getAllByRole('region')).toHaveLength(1);

    fireEvent.click(cost);
    expect(cost.getAttribute('aria-expanded')).toBe('false');
    expect(screen.queryByRole('region')).not.toBeInTheDocument();
  });

  it('points each button at the panel it controls, inside a heading of the given level', () => {
    render(<Accordion items={items} headingLevel={2} />);
    const age = button('How old do I need to be?');
    const panel = document.getElementById(age.getAttribute('aria-controls') ?? '');
    expect(panel?.getAttribute('aria-labelledby')).toBe(age.id);
    expect(panel?.hidden).toBe(true);
    expect(screen.getAllByRole('heading', { level: 2 })).toHaveLength(2);
  });
});
