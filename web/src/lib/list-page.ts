/**
 * The page of a list paginated on the server (users, tenants). It goes back to the first page
 * whenever `resetKey` changes (a new search, filter or order), derived while rendering: no effect
 * resets it afterwards, so the old page is never requested with the new criteria.
 */
import { useState } from 'react';

export function useListPage(resetKey: string, firstPage = 1): [page: number, setPage: (page: number) => void] {
  const [state, setState] = useState({ key: resetKey, page: firstPage });
  const page = state.key === resetKey ? state.page : firstPage;
  const setPage = (next: number) => setState({ key: resetKey, page: next });
  return [page, setPage];
}
