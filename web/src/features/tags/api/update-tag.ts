/**
 * PUT /api/tags/{id} with only what changed (`{name?, color?}`) → the tag (route `tags`); 404
 * `tag_not_found`, 422 on `name` / `color` as on creating. The tickets and customers that carry it
 * show the new name and colour from the socket's `TagsChanged` (features/inbox/realtime.ts).
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import { putTag, TagSchema, type Tag } from '../../../lib/tags';
import type { TagFields } from './create-tag';

export type TagChanges = { id: number } & Partial<TagFields>;

export function updateTag({ id, ...changes }: TagChanges): Promise<Tag> {
  return http.put(`/api/tags/${id}`, changes, { schema: TagSchema });
}

export function useUpdateTag() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: updateTag, onSuccess: (tag) => putTag(queryClient, tag) });
}
