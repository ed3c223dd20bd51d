import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { UseQueryResult } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../testing/render';
import { SettingsCard, SettingsLoader, SettingsSaveBar } from './SettingsCard';

interface CardProps {
  failure?: string | null;
  changed?: boolean;
  saving?: boolean;
  onSubmit?: () => void;
  onDiscard?: () => void;
}

function Card({ failure = null, changed = true, saving = false, onSubmit = () => {}, onDiscard }: CardProps) {
  return (
    <SettingsCard
      title="Pesquisa"
      description="O que a pesquisa faz."
      failure={failure}
      failureTitle="Não foi possível salvar"
      onSubmit={onSubmit}
    >
      <input aria-label="Pergunta" />
      <SettingsSaveBar label="Salvar pesquisa" changed={changed} saving={saving} onDiscard={onDiscard} />
    </SettingsCard>
  );
}

/** Only what SettingsLoader reads of a query. */
function query(state: Partial<UseQueryResult<string>>): UseQueryResult<string> {
  return {
    isPending: false,
    isError: false,
    isFetching: false,
    refetch: vi.fn(),
    ...state,
  } as unknown as UseQueryResult<string>;
}

describe('SettingsCard', () => {
  it('is a form named by its title that submits without reloading, Enter included', async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn();
    renderWithProviders(<Card onSubmit={onSubmit} />);
    expect(screen.getByRole('form', { name: 'Pesquisa' })).toBeInTheDocument();
    expect(screen.getByText('O que a pesquisa faz.')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Salvar pesquisa' }));
    await user.type(screen.getByRole('textbox', { name: 'Pergunta' }), 'Oi{Enter}');
    expect(onSubmit).toHaveBeenCalledTimes(2);
  });

  it('shows the refusal no field shows in an alert', () => {
    renderWithProviders(<Card failure="Erro interno." />);
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('Não foi possível salvar');
    expect(alert).toHaveTextContent('Erro interno.');
  });
});

describe('SettingsSaveBar', () => {
  it('is disabled without a change or while saving; "Descartar" only where the card offers it', async () => {
    const user = userEvent.setup();
    const unchanged = renderWithProviders(<Card changed={false} />);
    expect(screen.getByRole('button', { name: 'Salvar pesquisa' })).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Descartar' })).not.toBeInTheDocument();
    unchanged.unmount();

    const onDiscard = vi.fn();
    const changed = renderWithProviders(<Card onDiscard={onDiscard} />);
    await user.click(screen.getByRole('button', { name: 'Descartar' }));
    expect(onDiscard).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('button', { name: 'Salvar pesquisa' })).toBeEnabled();
    changed.unmount();

    renderWithProviders(<Card onDiscard={onDiscard} saving />);
    expect(screen.getByRole('button', { name: 'Descartar' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Salvar pesquisa' })).toBeDisabled();
  });
});

describe('SettingsLoader', () => {
  const loader = (state: UseQueryResult<string>) => (
    <SettingsLoader
      query={state}
      loadingLabel="Carregando a pesquisa"
      errorTitle="Não foi possível carregar a pesquisa."
      skeleton={{ titleWidth: '40%', height: 120 }}
    >
      {(data) => <p>Carregado: {data}</p>}
    </SettingsLoader>
  );

  it('names its placeholder while loading, then shows the card with the data', () => {
    const loading = renderWithProviders(loader(query({ isPending: true })));
    expect(screen.getByRole('status', { name: 'Carregando a pesquisa' })).toHaveAttribute('aria-busy', 'true');
    loading.unmount();
    renderWithProviders(loader(query({ data: 'sim' })));
    expect(screen.getByText('Carregado: sim')).toBeInTheDocument();
  });

  it('says what failed, with a retry', async () => {
    const user = userEvent.setup();
    const failed = query({ isError: true, error: new Error('Sem conexão.') });
    renderWithProviders(loader(failed));
    expect(screen.getByRole('alert')).toHaveTextContent('Não foi possível carregar a pesquisa.');
    expect(screen.getByRole('alert')).toHaveTextContent('Sem conexão.');
    await user.click(screen.getByRole('button', { name: 'Tentar novamente' }));
    expect(failed.refetch).toHaveBeenCalledTimes(1);
  });
});
