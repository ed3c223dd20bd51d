import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../testing/render';
import { PasswordStrengthMeter } from './PasswordStrengthMeter';

// docs/contracts.md#password-strength: the meter speaks in words, never the score.
describe('PasswordStrengthMeter', () => {
  it.each([
    ['', 'Digite uma senha'],
    ['abc', 'Senha fraca'],
    ['correcthorse', 'Senha média'],
    ['Correct!horse@', 'Senha forte'],
  ])('shows the strength of %j in words', (password, label) => {
    renderWithProviders(<PasswordStrengthMeter password={password} />);
    expect(screen.getByTestId('password-strength-label')).toHaveTextContent(new RegExp(`^${label}$`));
    expect(document.body).not.toHaveTextContent(/\((50|75|100)\)/);
  });

  it('says what keeps a weak password from being accepted', () => {
    renderWithProviders(<PasswordStrengthMeter password="abc12" />);
    expect(screen.getByTestId('password-strength-missing')).toHaveTextContent(
      'Para ser aceita: mais 3 caracteres e tirar a sequência (como 123 ou abc).',
    );
  });

  it('says what would make a medium password strong', () => {
    renderWithProviders(<PasswordStrengthMeter password="correcthorse" />);
    expect(screen.getByTestId('password-strength-missing')).toHaveTextContent(
      'Para ficar forte: mais 2 caracteres especiais e uma letra maiúscula.',
    );
  });

  it('before typing, states the rule', () => {
    renderWithProviders(<PasswordStrengthMeter password="" />);
    expect(screen.getByTestId('password-strength-missing')).toHaveTextContent(/pelo menos 8 caracteres/);
  });

  it('the bar is a named progressbar whose value text is the words', () => {
    renderWithProviders(<PasswordStrengthMeter password="correcthorse" />);
    const bar = screen.getByRole('progressbar', { name: 'Força da senha' });
    expect(bar).toHaveAttribute('aria-valuetext', 'Senha média');
    // Nothing outside the progressbar carries value attributes (axe: aria-allowed-attr).
    for (const element of document.querySelectorAll('[aria-valuetext]')) {
      expect(element).toHaveAttribute('role', 'progressbar');
    }
  });
});
