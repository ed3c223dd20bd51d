import { fireEvent, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../testing/render';
import { TimeField } from './TimeField';

function Controlled({ initial, onValue }: { initial: string; onValue: (value: string) => void }) {
  const [value, setValue] = useState(initial);
  return (
    <>
      <TimeField
        label="Hora"
        value={value}
        onChange={(next) => {
          setValue(next);
          onValue(next);
        }}
      />
      <button type="button" onClick={() => setValue('18:30')}>
        Redefinir
      </button>
    </>
  );
}

// Times of day in 24 hours whatever the browser's language (a native time field can say "06:00 PM").
describe('TimeField', () => {
  it('shows HH:MM and takes 9:05, 0905 or 09:05 as 09:05; a half-typed or unreal time changes nothing', () => {
    const onValue = vi.fn();
    renderWithProviders(<Controlled initial="08:00" onValue={onValue} />);
    const input = screen.getByRole('textbox', { name: 'Hora' });
    expect(input).toHaveValue('08:00');
    expect(input).toHaveAttribute('placeholder', 'HH:MM');
    fireEvent.change(input, { target: { value: '9' } });
    fireEvent.change(input, { target: { value: '24:00' } });
    expect(onValue).not.toHaveBeenCalled();
    fireEvent.change(input, { target: { value: '9:05' } });
    expect(onValue).toHaveBeenLastCalledWith('09:05');
    // What is typed stays while typing; leaving the field shows the value.
    expect(input).toHaveValue('9:05');
    fireEvent.blur(input);
    expect(input).toHaveValue('09:05');
    fireEvent.change(input, { target: { value: '1830' } });
    expect(onValue).toHaveBeenLastCalledWith('18:30');
    fireEvent.change(input, { target: { value: '' } });
    expect(onValue).toHaveBeenLastCalledWith('');
  });

  it('a value set from outside (a reset) replaces what is shown', () => {
    renderWithProviders(<Controlled initial="08:00" onValue={() => {}} />);
    const input = screen.getByRole('textbox', { name: 'Hora' });
    fireEvent.change(input, { target: { value: '07:1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Redefinir' }));
    expect(input).toHaveValue('18:30');
  });
});
