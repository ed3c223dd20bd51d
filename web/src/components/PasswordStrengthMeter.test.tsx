import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../testing/render';
import { PasswordStrengthMeter } from './PasswordStrengthMeter';

describe('PasswordStrengthMeter', () => {
  it.each([
    ['', 'Digite uma senha'],
    ['abc', 'Senha fraca (50)'],
    ['correcthorse', 'Senha média (75)'],
    ['Correct!horse@', 'Senha forte (100)'],
  ])('shows the score of %j', (password, label) => {
    renderWithProviders(<PasswordStrengthMeter password={password} />);
    expect(screen.getByTestId('password-strength-label')).toHaveTextContent(label);
  });

  it('exposes the score to assistive technology', () => {
    renderWithProviders(<PasswordStrengthMeter password="correcthorse" />);
    expect(screen.getByRole('progressbar', { name: 'Força da senha' })).toHaveAttribute('aria-valuenow', '75');
  });
});
