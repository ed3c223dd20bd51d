import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { json, logIn, stubFetch } from '../../../testing/fixtures';
import { renderRoutes } from '../../../testing/render';
import type { FilledReply } from '../api/get-quick-replies';
import type { MentionTarget, WrittenNote } from '../api/schemas';
import { message } from '../test-data';
import { NoteComposer, type NoteSend } from './NoteComposer';

const PEOPLE: MentionTarget[] = [
  { id: 3, name: 'Ana Paula', departmentId: 1, canSee: true, online: false },
  { id: 4, name: 'Conceição Araújo', departmentId: 1, canSee: true, online: true },
  { id: 5, name: 'João Silva', departmentId: null, canSee: false, online: false },
  { id: 6, name: 'Maria Joana', departmentId: 2, canSee: true, online: false },
];

const BOLETO: FilledReply = {
  id: 1,
  shortcut: 'boleto',
  body: 'Segue o boleto.',
  scope: 'tenant',
  department: null,
  uses: 0,
  editable: false,
  createdAt: '2026-12-01T12:00:00Z',
  updatedAt: '2026-12-01T12:00:00Z',
  attachment: null,
  template: null,
  text: 'Segue o boleto.',
  missing: [],
  templateParameters: [],
};

/** Each test writes on a ticket of its own (the composer keeps each ticket's draft for the page's life). */
let ticketId = 700;

function written(): WrittenNote {
  return { message: message(1, { kind: 'internal', direction: 'out' }), mentioned: [], sharedWith: [] };
}

function renderNote() {
  const onSend = vi.fn<(note: NoteSend) => Promise<WrittenNote>>(() => Promise.resolve(written()));
  renderRoutes([{ path: '/', element: <NoteComposer ticketId={ticketId} onSend={onSend} /> }], '/');
  return { onSend, box: screen.getByRole('textbox', { name: 'Anotação interna' }) };
}

function optionNames(list: HTMLElement) {
  return within(list)
    .getAllByRole('option')
    .map((option) => option.querySelector('p')?.textContent);
}

describe('the note’s `@` mentions', () => {
  beforeEach(() => {
    ticketId += 1;
    logIn();
  });
  afterEach(() => vi.unstubAllGlobals());

  it('filters without accents or case, inserts "@Nome Sobrenome " and sends the id of whom it names', async () => {
    const user = userEvent.setup();
    const { callsTo } = stubFetch({ [`GET /api/tickets/${ticketId}/mention-targets`]: () => json(PEOPLE) });
    const { onSend, box } = renderNote();
    expect(box).toHaveAttribute('aria-haspopup', 'listbox');

    await user.type(box, 'Falar com @');
    const list = await screen.findByRole('listbox', { name: 'Mencionar alguém' });
    expect(optionNames(list)).toEqual(['Ana Paula', 'Conceição Araújo', 'João Silva', 'Maria Joana']);
    // Someone online has a dot (and says so); someone who does not see the ticket says that.
    const [, conceicao, joao] = within(list).getAllByRole('option');
    expect(conceicao).toHaveTextContent('(online)');
    expect(joao).toHaveTextContent('não vê este atendimento');
    expect(within(list).getAllByText('não vê este atendimento')).toHaveLength(1);

    // "conceicao" finds Conceição; "jo" finds João first (the name starts so), then Maria Joana.
    await user.type(box, 'conceicao');
    await waitFor(() => expect(optionNames(list)).toEqual(['Conceição Araújo']));
    await user.clear(box);
    await user.type(box, 'Falar com @JO');
    const again = await screen.findByRole('listbox', { name: 'Mencionar alguém' });
    expect(optionNames(again)).toEqual(['João Silva', 'Maria Joana']);
    expect(box).toHaveAttribute('aria-controls', again.id);
    expect(box).toHaveAttribute('aria-activedescendant', within(again).getAllByRole('option')[0]?.id);

    await user.keyboard('{ArrowDown}');
    expect(within(again).getAllByRole('option')[1]).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{Tab}');
    expect(box).toHaveValue('Falar com @Maria Joana ');
    expect(box).toHaveFocus();
    expect(screen.queryByTestId('mention-picker')).not.toBeInTheDocument();

    await user.keyboard('e @ana');
    await user.click(await screen.findByRole('option', { name: /Ana Paula/ }));
    expect(box).toHaveValue('Falar com @Maria Joana e @Ana Paula ');
    await user.keyboard('hoje.{Enter}');
    expect(onSend).toHaveBeenCalledWith({
      body: 'Falar com @Maria Joana e @Ana Paula hoje.',
      mentionedUserIds: [6, 3],
      shareWithMentioned: false,
    });
    expect(box).toHaveValue('');
    // Read once per ticket.
    expect(callsTo(`GET /api/tickets/${ticketId}/mention-targets`)).toHaveLength(1);
  });

  it('a mention deleted before sending names nobody; Esc closes the list and Enter then sends', async () => {
    const user = userEvent.setup();
    stubFetch({ [`GET /api/tickets/${ticketId}/mention-targets`]: () => json(PEOPLE) });
    const { onSend, box } = renderNote();
    await user.type(box, '@ana');
    await screen.findByRole('listbox', { name: 'Mencionar alguém' });
    await user.keyboard('{Enter}');
    expect(box).toHaveValue('@Ana Paula ');
    await user.clear(box);

    await user.type(box, 'sem ninguém, @xyz');
    expect(await screen.findByText('Ninguém da equipe com “xyz”.')).toBeInTheDocument();
    await user.keyboard('{Escape}');
    expect(screen.queryByTestId('mention-picker')).not.toBeInTheDocument();
    await user.keyboard('{Enter}');
    expect(onSend).toHaveBeenCalledWith({ body: 'sem ninguém, @xyz', mentionedUserIds: [], shareWithMentioned: false });
  });

  it('an e-mail opens no list; `/` still opens the quick replies', async () => {
    const user = userEvent.setup();
    const { callsTo } = stubFetch({
      [`GET /api/tickets/${ticketId}/mention-targets`]: () => json(PEOPLE),
      [`GET /api/tickets/${ticketId}/quick-replies`]: () => json([BOLETO]),
    });
    const { onSend, box } = renderNote();
    await user.type(box, 'ana@loja.com ');
    expect(screen.queryByTestId('mention-picker')).not.toBeInTheDocument();
    expect(callsTo(`GET /api/tickets/${ticketId}/mention-targets`)).toHaveLength(0);

    await user.type(box, '/bol');
    await screen.findByRole('listbox', { name: 'Respostas rápidas' });
    await user.keyboard('{Enter}');
    expect(box).toHaveValue('ana@loja.com Segue o boleto.');
    await user.keyboard('{Enter}');
    expect(onSend).toHaveBeenCalledWith({
      body: 'ana@loja.com Segue o boleto.',
      mentionedUserIds: [],
      shareWithMentioned: false,
    });
  });
});
