/**
 * POST /api/tags `{name, color}` → 201 the tag (route `tags`); 422 `invalid_tag_name` /
 * `tag_name_taken` / `too_many_tags` on `name`, `invalid_tag_color` on `color`. Written into the
 * shared list at once (the socket's `TagsChanged` follows for everyone else).
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { http } from '../../../lib/http';
import { putTag, TagSchema, type Tag } from '../../../lib/tags';

export interface TagFields {
  name: string;
  color: string;
}

export function createTag(fields: TagFields): Promise<Tag> {
  return http.post('/api/tags', fields, { schema: TagSchema });
}

export function useCreateTag() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createTag, onSuccess: (tag) => putTag(queryClient, tag) });
}
