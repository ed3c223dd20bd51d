import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, logIn, requestUrl, stubFetch } from '../../testing/fixtures';
import { csvCell, customersCsv, exportFileName, fetchCustomersForExport } from './export';
import { CUSTOMERS, customer, page } from './test-data';

describe('the customers export', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('reads page after page with the search, 100 at a time, until the last', async () => {
    logIn(['customers']);
    const { fetchMock } = stubFetch({
      'GET /api/customers': [() => json(page(CUSTOMERS.slice(0, 2), 'c2')), () => json(page(CUSTOMERS.slice(2)))],
    });
    const progress: number[] = [];
    const result = await fetchCustomersForExport({ search: ' carla ', onProgress: (rows) => progress.push(rows) });
    expect(result.customers.map((row) => row.id)).toEqual([7, 6, 5]);
    expect(result.capped).toBe(false);
    expect(progress).toEqual([2, 3]);
    const queries = fetchMock.mock.calls.map(
      (call) => new URL(requestUrl(call[0] as RequestInfo), 'http://localhost').searchParams,
    );
    expect(queries.map((query) => [query.get('search'), query.get('cursor'), query.get('limit')])).toEqual([
      ['carla', null, '100'],
      ['carla', 'c2', '100'],
    ]);
  });

  it('stops at the limit and says it was capped when the server has more', async () => {
    logIn(['customers']);
    let next = 0;
    const { fetchMock } = stubFetch({
      'GET /api/customers': () => {
        next += 1;
        return json(page([customer({ id: next }), customer({ id: next + 1000 })], `c${next}`));
      },
    });
    const result = await fetchCustomersForExport({ search: '', limit: 5, pageSize: 2 });
    expect(result.customers).toHaveLength(5);
    expect(result.capped).toBe(true);
    // The last page asks only for what is left.
    const limits = fetchMock.mock.calls.map((call) =>
      new URL(requestUrl(call[0] as RequestInfo), 'http://localhost').searchParams.get('limit'),
    );
    expect(limits).toEqual(['2', '2', '1']);
  });

  it('stops when the request is cancelled', async () => {
    logIn(['customers']);
    stubFetch({ 'GET /api/customers': () => json(page(CUSTOMERS, 'c2')) });
    const controller = new AbortController();
    controller.abort();
    await expect(fetchCustomersForExport({ search: '', signal: controller.signal })).rejects.toThrow();
  });

  it('writes a UTF-8 CSV with a BOM, `;` between cells, CRLF lines, pt_BR dates and no formulas', () => {
    const text = customersCsv([
      customer(),
      customer({ id: 8, name: '=HYPERLINK("http://x")', email: '@ataque', blacklisted: true }),
      customer({ id: 9, name: 'Silva; Souza', email: null }),
    ]);
    expect(text.startsWith('\uFEFF')).toBe(true);
    expect(text.slice(1).split('\r\n')).toEqual([
      'ID;Nome;Telefone;Email;Bloqueado;Cliente desde',
      '7;Carla Dias;+5511988887777;carla@email.example;Não;20/11/2026, 12:00',
      `8;"'=HYPERLINK(""http://x"")";+5511988887777;'@ataque;Sim;20/11/2026, 12:00`,
      '9;"Silva; Souza";+5511988887777;;Não;20/11/2026, 12:00',
      '',
    ]);
  });

  it('defuses formulas in text cells only, and quotes what needs it', () => {
    expect(csvCell('-1+1')).toBe("'-1+1");
    expect(csvCell('+5511988887777', false)).toBe('+5511988887777');
    expect(csvCell('linha\nnova')).toBe('"linha\nnova"');
    expect(csvCell('Ana')).toBe('Ana');
  });

  it('names the file after the search and the day in São Paulo', () => {
    const now = new Date('2026-12-05T01:30:00Z'); // still the 4th in São Paulo
    expect(exportFileName('', now)).toBe('clientes-2026-12-04.csv');
    expect(exportFileName('João da Silva', now)).toBe('clientes-joao-da-silva-2026-12-04.csv');
    expect(exportFileName('9888 7777', now)).toBe('clientes-9888-7777-2026-12-04.csv');
  });
});
