import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ProfilLembaga, ProfilLembagaResponse } from '@mizan/core';
import { apiRequest } from '../../../lib/api-client';
import { settingsQuery } from '../../../lib/settings-api';
import { setInstitutionName } from '../../../lib/institution';

export const profilLembagaQuery = settingsQuery<ProfilLembagaResponse>('profil-lembaga');

function useProfilMutation<T>(request: (input: T) => Promise<{ data: ProfilLembagaResponse }>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: request,
    onSuccess: (res) => {
      queryClient.setQueryData(profilLembagaQuery.queryKey, res.data);
      setInstitutionName(res.data.profil.nama);
    },
  });
}

/** `PUT /api/settings/profil-lembaga` (admin). */
export const useSaveProfilLembaga = () =>
  useProfilMutation((input: ProfilLembaga) =>
    apiRequest<ProfilLembagaResponse>('/settings/profil-lembaga', { method: 'PUT', body: input }),
  );

/** `PUT /api/settings/profil-lembaga/logo` (admin): the file as multipart field `logo`. */
export const useUploadLogo = () =>
  useProfilMutation((file: File) => {
    const body = new FormData();
    body.append('logo', file);
    return apiRequest<ProfilLembagaResponse>('/settings/profil-lembaga/logo', { method: 'PUT', body });
  });

/** `DELETE /api/settings/profil-lembaga/logo` (admin). */
export const useRemoveLogo = () =>
  useProfilMutation(() => apiRequest<ProfilLembagaResponse>('/settings/profil-lembaga/logo', { method: 'DELETE' }));
