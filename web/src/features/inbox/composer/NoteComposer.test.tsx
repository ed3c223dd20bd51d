import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FakeXhr, filePicker, nthXhr, stubXhr } from '../../../testing/fake-xhr';
import { json, logIn, stubFetch } from '../../../testing/fixtures';
import { filledReply } from '../../../testing/messages';
import { renderRoutes } from '../../../testing/render';
import type { MentionTarget, WrittenNote } from '../api/schemas';
import { writeNote } from '../api/write-note';
import { message } from '../test-data';
import { NoteComposer, type NoteSend } from './NoteComposer';

const PEOPLE: MentionTarget[] = [
  { id: 3, name: 'Ana Paula', departmentId: 1, canSee: true, online: false },
  { id: 4, name: 'Conceição Araújo', departmentId: 1, canSee: true, online: true },
  { id: 5, name: 'João Silva', departmentId: null, canSee: false, online: false },
  { id: 6, name: 'Maria Joana', departmentId: 2, canSee: true, online: false },
];

const BOLETO = filledReply(1, 'boleto', 'Segue o boleto.');

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

const COMPROVANTE = { id: 31, type: 'document', mimeType: 'application/pdf', fileName: 'comprovante.pdf', size: 2048 };

function pdf(name = 'comprovante.pdf'): File {
  return new File(['%PDF'], name, { type: 'application/pdf' });
}

describe('the note’s file', () => {
  beforeEach(() => {
    ticketId += 1;
    logIn();
    stubXhr();
  });
  afterEach(() => vi.unstubAllGlobals());

  it('uploads to the note’s own endpoint with its progress, then posts {body, mediaId, fileName}', async () => {
    const user = userEvent.setup();
    const { callsTo } = stubFetch({
      [`POST /api/tickets/${ticketId}/notes`]: () =>
        json(
          {
            message: message(90, {
              ticketId,
              kind: 'internal',
              direction: 'out',
              type: 'document',
              body: 'Pagou ontem',
              media: { status: 'ready', mimeType: 'application/pdf', fileName: 'comprovante.pdf', url: '/m/31' },
            }),
            mentioned: [],
            sharedWith: [],
          },
          201,
        ),
    });
    const onSend = vi.fn((note: NoteSend) => writeNote(ticketId, { ...note, clientId: 'nota-1' }));
    const { container } = renderRoutes(
      [{ path: '/', element: <NoteComposer ticketId={ticketId} onSend={onSend} /> }],
      '/',
    );
    const box = screen.getByRole('textbox', { name: 'Anotação interna' });
    const attach = screen.getByRole('button', { name: 'Anexar arquivo' });
    const send = screen.getByRole('button', { name: 'Enviar anotação' });
    expect(send).toBeDisabled();

    await user.upload(filePicker(container), pdf());
    const xhr = await nthXhr(1);
    expect(xhr.method).toBe('POST');
    expect(xhr.url).toBe(`/api/tickets/${ticketId}/notes/media?fileName=comprovante.pdf`);
    expect(xhr.headers['Content-Type']).toBe('application/octet-stream');
    // While it uploads: its progress; one file a note, and nothing to send until it is there.
    xhr.progress(3, 4);
    await waitFor(() =>
      expect(screen.getByRole('progressbar', { name: 'Enviando comprovante.pdf' })).toHaveAttribute(
        'aria-valuenow',
        '75',
      ),
    );
    expect(attach).toBeDisabled();
    expect(send).toBeDisabled();
    // Writing goes on meanwhile.
    await user.type(box, 'Pagou ontem');
    expect(send).toBeDisabled();

    xhr.respond(201, COMPROVANTE);
    const card = await screen.findByTestId('note-file');
    expect(card).toHaveTextContent('comprovante.pdf');
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
    expect(send).toBeEnabled();
    await user.click(send);

    await waitFor(() => expect(callsTo(`POST /api/tickets/${ticketId}/notes`)).toHaveLength(1));
    expect(callsTo(`POST /api/tickets/${ticketId}/notes`)[0]?.body).toEqual({
      body: 'Pagou ontem',
      clientId: 'nota-1',
      mediaId: 31,
      fileName: 'comprovante.pdf',
    });
    // Sent: the box is empty again, the file gone, the clip back.
    expect(box).toHaveValue('');
    expect(screen.queryByTestId('note-file')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Anexar arquivo' })).toBeEnabled();
  });

  it('a file alone is a note: the empty text is its caption', async () => {
    const user = userEvent.setup();
    const { onSend, box } = renderNote();
    await user.upload(filePicker(document.body), pdf());
    (await nthXhr(1)).respond(201, COMPROVANTE);
    await screen.findByTestId('note-file');
    expect(box).toHaveValue('');
    await user.click(box);
    await user.keyboard('{Enter}');
    expect(onSend).toHaveBeenCalledWith(
      expect.objectContaining({ body: '', mentionedUserIds: [], mediaId: 31, fileName: 'comprovante.pdf' }),
    );
    // Its bubble shows the file while the note is sent.
    expect(onSend.mock.calls[0]?.[0].preview).toMatchObject({
      type: 'document',
      media: { status: 'pending', fileName: 'comprovante.pdf' },
    });
  });

  it('an upload the server refuses says why in its words; the text stays and the file can be picked again', async () => {
    const user = userEvent.setup();
    const { onSend, box } = renderNote();
    await user.type(box, 'Segue o print do ERP');
    await user.upload(filePicker(document.body), pdf('print.pdf'));
    (await nthXhr(1)).respond(422, {
      code: 'media_quota',
      message: 'O espaço de mídia da empresa acabou (1 GB de 1 GB).',
    });
    expect(await screen.findByRole('alert')).toHaveTextContent('O espaço de mídia da empresa acabou (1 GB de 1 GB).');
    expect(box).toHaveValue('Segue o print do ERP');
    expect(screen.queryByTestId('note-file')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Anexar arquivo' })).toBeEnabled();
    expect(onSend).not.toHaveBeenCalled();

    // Picked again, it goes.
    await user.upload(filePicker(document.body), pdf('print.pdf'));
    (await nthXhr(2)).respond(201, { ...COMPROVANTE, id: 32, fileName: 'print.pdf' });
    expect(await screen.findByTestId('note-file')).toHaveTextContent('print.pdf');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('a file WhatsApp’s table refuses is not uploaded', async () => {
    const user = userEvent.setup();
    renderNote();
    await user.upload(filePicker(document.body), new File([], 'vazio.pdf', { type: 'application/pdf' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('O arquivo está vazio.');
    expect(FakeXhr.all).toHaveLength(0);
  });

  it('the file can be removed before sending: the note then goes without it', async () => {
    const user = userEvent.setup();
    const { onSend, box } = renderNote();
    await user.upload(filePicker(document.body), pdf());
    (await nthXhr(1)).respond(201, COMPROVANTE);
    await screen.findByTestId('note-file');
    await user.click(screen.getByRole('button', { name: 'Remover comprovante.pdf' }));
    expect(screen.queryByTestId('note-file')).not.toBeInTheDocument();
    await waitFor(() => expect(box).toHaveFocus());
    // Without a file, an empty note cannot go.
    expect(screen.getByRole('button', { name: 'Enviar anotação' })).toBeDisabled();
    await user.type(box, 'Sem o anexo{Enter}');
    expect(onSend).toHaveBeenCalledTimes(1);
    const sent = onSend.mock.calls[0]?.[0];
    expect(sent).toEqual({ body: 'Sem o anexo', mentionedUserIds: [], shareWithMentioned: false });
    expect(sent).not.toHaveProperty('mediaId');
  });

  it('an upload can be cancelled', async () => {
    const user = userEvent.setup();
    renderNote();
    await user.upload(filePicker(document.body), pdf());
    const xhr = await nthXhr(1);
    await user.click(await screen.findByRole('button', { name: 'Cancelar o envio de comprovante.pdf' }));
    expect(xhr.aborted).toBe(true);
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Anexar arquivo' })).toBeEnabled();
  });
});
