/**
 * DELETE /api/tags/{id} → 204 (route `tags`): the tag leaves every ticket and customer, and the
 * board if it was a column. 404 `tag_not_found` (deleted meanwhile) reads the list again.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import { dropTag, tagKeys } from '../../../lib/tags';

export async function deleteTag(id: number): Promise<void> {
  await http.delete(`/api/tags/${id}`);
}

export function useDeleteTag() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteTag,
    onSuccess: (_answer, id) => dropTag(queryClient, id),
    onError: () => queryClient.invalidateQueries({ queryKey: tagKeys.list() }),
  });
}
