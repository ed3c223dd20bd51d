/**
 * PUT /api/auth/profile `{name, image}` → the user view (docs/account.md#my-name-and-photo): the
 * logged-in user's own name and photo URL (`https://` or null). 422 `invalid_name` /
 * `invalid_image` with the field. Refreshes the user info, which stores the new name and photo, so
 * the header's avatar follows without a reload.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { http } from '../../../lib/http';
import { CURRENT_USER_QUERY_KEY } from '../../../lib/query-keys';

const ProfileSchema = z.looseObject({ name: z.string(), image: z.nullish(z.string()) });
export type Profile = z.infer<typeof ProfileSchema>;

export interface ProfileInput {
  name: string;
  image: string | null;
}

export function updateProfile(input: ProfileInput): Promise<Profile> {
  return http.put('/api/auth/profile', input, { schema: ProfileSchema });
}

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    // Awaited: the form stays busy until the header shows the new name.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: CURRENT_USER_QUERY_KEY }),
  });
}
