/**
 * /search content (route `search`, open to every user): a search over the messages of the
 * conversations the user may see — texts, captions, internal notes — with the results grouped by
 * conversation; a match opens the inbox at that message. The text searched lives in the URL
 * (`?q=`): typed, it is searched after a pause; Enter searches at once.
 */
import { Stack } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useMessageSearch } from '../api/search-messages';
import { isSearchable, normalizeQuery, QUERY_PARAM, readQuery } from '../query';
import { useNow } from '../../../lib/use-now';
import { SearchBox } from './SearchBox';
import { SearchResults } from './SearchResults';
import { SearchTips } from './SearchTips';

/** The pause after the last keystroke before the text is searched (ms). */
export const SEARCH_DEBOUNCE_MS = 400;

export function MessageSearchScreen() {
  const [params, setParams] = useSearchParams();
  const query = readQuery(params);
  const results = useMessageSearch(query);
  const now = useNow();

  // The field answers each keystroke; the URL (and the request) follow. A query the URL changes
  // by itself (back, a link) is written into the field; our own, the same text, leaves it as typed.
  const [typed, setTyped] = useState(query);
  const [syncedQuery, setSyncedQuery] = useState(query);
  if (syncedQuery !== query) {
    setSyncedQuery(query);
    if (normalizeQuery(typed) !== query) setTyped(query);
  }
  const [tooShort, setTooShort] = useState(false);

  function commit(text: string) {
    const next = normalizeQuery(text);
    setParams(next === '' ? {} : { [QUERY_PARAM]: next }, { replace: true });
  }
  // While typing, a text too short to search keeps the results there are (only clearing removes them).
  const commitTyped = useDebouncedCallback((text: string) => {
    const next = normalizeQuery(text);
    if (next === '' || isSearchable(next)) commit(next);
  }, SEARCH_DEBOUNCE_MS);

  return (
    <Stack gap="lg">
      <SearchBox
        value={typed}
        onChange={(text) => {
          setTyped(text);
          setTooShort(false);
          commitTyped(text);
        }}
        onSubmit={() => {
          commitTyped.cancel();
          const next = normalizeQuery(typed);
          if (next !== '' && !isSearchable(next)) {
            setTooShort(true);
            return;
          }
          commit(next);
          // The same text again reads it again (new messages since).
          if (next === query && next !== '') void results.refetch();
        }}
        onClear={() => {
          commitTyped.cancel();
          setTyped('');
          setTooShort(false);
          commit('');
        }}
        searching={results.isFetching && !results.isFetchingNextPage}
        tooShort={tooShort}
      />
      {isSearchable(query) ? <SearchResults query={query} results={results} now={now} /> : <SearchTips />}
    </Stack>
  );
}
