/**
 * PUT /api/tags/board `{tagIds}` → the board's columns in that order (route `tags`; at most 20):
 * every other tag leaves the board. 422 `tag_not_found` (one was deleted meanwhile),
 * `duplicate_column`, `too_many_columns` on `tagIds`.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { http } from '../../../lib/http';
import { setBoardColumns, TagSchema, type Tag } from '../../../lib/tags';

export function saveBoardColumns(tagIds: readonly number[]): Promise<Tag[]> {
  return http.put('/api/tags/board', { tagIds }, { schema: z.array(TagSchema) });
}

export function useSaveBoardColumns() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveBoardColumns,
    onSuccess: (columns) => setBoardColumns(queryClient, columns),
  });
}
