// @vitest-environment jsdom
import { useState } from 'react';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { RadioPills, type RadioPillsProps } from './radio-pills';

afterEach(cleanup);

const options = [
  { value: '1', label: 'Never' },
  { value: '2', label: 'Sometimes' },
  { value: '3', label: 'Often' },
];

/** A question as the SIM test and the check-in card ask it: the page keeps the answer. */
function Question(props: Partial<RadioPillsProps> & { onAnswer?: (value: string) => void }) {
  const [value, setValue] = useState<string | null>(null);
  return (
    <form>
      <p id="question">How often do you smoke after waking up?</p>
      <RadioPills
        options={options}
        value={value}
        onValueChange={(next) => {
          setValue(next);
          props.onAnswer?.(next);
        }}
        labelledBy="question"
        {...props}
      />
    </form>
  );
}

describe('RadioPills', () => {
  it('is a radio group named by its question, one radio per option named by its label', () => {
    render(<Question />);
    const group = screen.getByRole('radiogroup', {
      name: 'How often do you smoke after waking up?',
    });
    expect(group).toBeTruthy();
    expect(screen.getAllByRole('radio').map((radio) => radio.getAttribute('value'))).toEqual([
      '1',
      '2',
      '3',
    ]);
    expect(screen.getByRole('radio', { name: 'Sometimes' })).toBeTruthy();
  });

  it('a click chooses an option and a second choice replaces the first', () => {
    const answers: string[] = [];
    render(<Question onAnswer={(value) => answers.push(value)} />);
    fireEvent.click(screen.getByRole('radio', { name: 'Often' }));
    fireEvent.click(screen.getByRole('radio', { name: 'Never' }));
    expect(answers).toEqual(['3', '1']);
    expect((screen.getByRole('radio', { name: 'Never' }) as HTMLInputElement).checked).toBe(true);
    expect((screen.getByRole('radio', { name: 'Often' }) as HTMLInputElement).checked).toBe(false);
  });

  it('groups of one page do not share their choice', () => {
    render(
      <>
        <Question />
        <Question />
      </>,
    );
    const [first, second] = screen.getAllByRole('radio', { name: 'Often' }) as HTMLInputElement[];
    fireEvent.click(first!);
    fireEvent.click(screen.getAllByRole('radio', { name: 'Never' })[1]!);
    expect(first!.checked).toBe(true);
    expect(second!.checked).toBe(false);
  });

  it('a disabled group disables every option (the browser then takes no answer)', () => {
    render(<Question disabled />);
    for (const radio of screen.getAllByRole('radio')) {
      expect((radio as HTMLInputElement).disabled).toBe(true);
    }
  });

  it('an unanswered group the form was sent with is marked invalid', () => {
    render(<Question invalid />);
    expect(screen.getByRole('radiogroup').getAttribute('aria-invalid')).toBe('true');
  });
});
