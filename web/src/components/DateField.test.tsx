import { MantineProvider } from '@mantine/core';
import { fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../testing/render';
import { DateField, DateTimeField } from './DateField';

function Controlled({ initial, onValue }: { initial: string; onValue: (value: string) => void }) {
  const [value, setValue] = useState(initial);
  return (
    <DateField
      label="De"
      value={value}
      clearable
      onChange={(next) => {
        setValue(next);
        onValue(next);
      }}
    />
  );
}

// Dates in pt-BR whatever the browser's language, values as the server takes them.
describe('DateField', () => {
  it('shows the day as DD/MM/AAAA and labels the input', () => {
    renderWithProviders(<DateField label="De" value="2026-11-05" onChange={() => {}} />);
    const input = screen.getByRole('textbox', { name: 'De' });
    expect(input).toHaveValue('05/11/2026');
    expect(input).toHaveAttribute('placeholder', 'DD/MM/AAAA');
  });

  it('a day typed DD/MM/AAAA becomes YYYY-MM-DD; a half-typed or unreal one changes nothing', () => {
    const onValue = vi.fn();
    renderWithProviders(<Controlled initial="2026-11-05" onValue={onValue} />);
    const input = screen.getByRole('textbox', { name: 'De' });
    fireEvent.change(input, { target: { value: '01/12/20' } });
    fireEvent.change(input, { target: { value: '31/02/2026' } });
    expect(onValue).not.toHaveBeenCalled();
    fireEvent.blur(input);
    expect(input).toHaveValue('05/11/2026');
    fireEvent.change(input, { target: { value: '01/12/2026' } });
    expect(onValue).toHaveBeenLastCalledWith('2026-12-01');
    fireEvent.blur(input);
    expect(input).toHaveValue('01/12/2026');
    // Cleared (an optional field): ''; its clear button is named.
    expect(screen.getByRole('button', { name: 'Limpar a data' })).toBeInTheDocument();
    fireEvent.change(input, { target: { value: '' } });
    expect(onValue).toHaveBeenLastCalledWith('');
  });

  it('the calendar speaks pt-BR: month, weekdays from Sunday, named buttons; a click picks the day', async () => {
    const user = userEvent.setup();
    const onValue = vi.fn();
    renderWithProviders(<Controlled initial="2026-11-05" onValue={onValue} />);
    await user.click(screen.getByRole('textbox', { name: 'De' }));
    expect(await screen.findByText('novembro 2026')).toBeInTheDocument();
    const weekdays = screen.getAllByRole('columnheader').map((cell) => cell.textContent);
    expect(weekdays).toEqual(['Do', '2ª', '3ª', '4ª', '5ª', '6ª', 'Sá']);
    expect(screen.getByRole('button', { name: 'Mês anterior' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Próximo mês' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: '20 novembro 2026' }));
    expect(onValue).toHaveBeenLastCalledWith('2026-11-20');
  });

  it('works without the provider too (English calendar, same value format)', () => {
    const onChange = vi.fn();
    render(<DateFieldInPlainMantine onChange={onChange} />);
    const input = screen.getByRole('textbox', { name: 'Data' });
    fireEvent.change(input, { target: { value: '07/09/2026' } });
    expect(onChange).toHaveBeenLastCalledWith('2026-09-07');
  });
});

describe('DateTimeField', () => {
  it('shows and takes DD/MM/AAAA HH:MM, holding YYYY-MM-DDTHH:mm (the datetime-local value it replaces)', () => {
    const onChange = vi.fn();
    renderWithProviders(<DateTimeField label="Simular em" value="2026-11-29T23:00" onChange={onChange} />);
    const input = screen.getByRole('textbox', { name: 'Simular em' });
    expect(input).toHaveValue('29/11/2026 23:00');
    fireEvent.change(input, { target: { value: '30/11/2026 08:15' } });
    expect(onChange).toHaveBeenLastCalledWith('2026-11-30T08:15');
  });

  it('empty is none', () => {
    renderWithProviders(<DateTimeField label="Simular em" value="" onChange={() => {}} />);
    const group = screen.getByRole('textbox', { name: 'Simular em' });
    expect(group).toHaveValue('');
    expect(within(document.body).queryByText('Invalid Date')).not.toBeInTheDocument();
  });
});

function DateFieldInPlainMantine({ onChange }: { onChange: (value: string) => void }) {
  return (
    <MantineProvider env="test">
      <DateField label="Data" value="" onChange={onChange} />
    </MantineProvider>
  );
}
