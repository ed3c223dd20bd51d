import { MantineProvider } from '@mantine/core';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { theme } from '../../../theme';
import { Snippet } from './Snippet';

function renderSnippet(parts: { text: string; hit: boolean }[]) {
  return render(
    <MantineProvider theme={theme} env="test">
      <Snippet parts={parts} />
    </MantineProvider>,
  );
}

describe('a match’s snippet', () => {
  it('marks the words found and keeps the rest as it is', () => {
    const { container } = renderSnippet([
      { text: '…o ', hit: false },
      { text: 'boleto', hit: true },
      { text: ' venceu, mandei outro ', hit: false },
      { text: 'Boletos', hit: true },
    ]);
    expect(screen.getByTestId('snippet')).toHaveTextContent('…o boleto venceu, mandei outro Boletos');
    expect([...container.querySelectorAll('mark')].map((mark) => mark.textContent)).toEqual(['boleto', 'Boletos']);
  });

  it('shows markup in a message as text: nothing of it becomes HTML', () => {
    const { container } = renderSnippet([
      { text: 'veja <b>isto</b> e <img src=x onerror="alert(1)"> ', hit: false },
      { text: '<mark>boleto</mark>', hit: true },
    ]);
    const snippet = screen.getByTestId('snippet');
    expect(snippet).toHaveTextContent('veja <b>isto</b> e <img src=x onerror="alert(1)"> <mark>boleto</mark>');
    expect(container.querySelector('b')).toBeNull();
    expect(container.querySelector('img')).toBeNull();
    // One mark, ours, holding the message's characters.
    const marks = container.querySelectorAll('mark');
    expect(marks).toHaveLength(1);
    expect(marks[0]?.textContent).toBe('<mark>boleto</mark>');
    expect(marks[0]?.children).toHaveLength(0);
  });

  it('says when the message has no text', () => {
    renderSnippet([]);
    expect(screen.getByText('Mensagem sem texto')).toBeInTheDocument();
  });
});
